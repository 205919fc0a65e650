"""Calls cublasSgemm_v2 through ctypes (one bad call, lda 8 < m 64, and one
valid) in the ways a Python job ends or multiplies, for the launcher test:
  launcher_calls.py plain|fork|reexec|exit N
fork: the parent calls, then a forked child calls and leaves with os._exit;
reexec: the process replaces itself (os.execv) and calls in its new image;
exit N: calls, then leaves with os._exit(N) (no atexit, no flush)."""
import ctypes
import os
import sys


def calls(tag):
    lib = ctypes.CDLL("libcublas.so.13")
    never_created = ctypes.create_string_buffer(4096)
    buf = (ctypes.c_float * 4096)()
    one, zero = ctypes.c_float(1), ctypes.c_float(0)
    f = lib.cublasSgemm_v2
    for m, lda in ((64, 8), (8, 8)):
        status = f(ctypes.c_void_p(ctypes.addressof(never_created)), 0, 0, m, 8, 8,
                   ctypes.byref(one), buf, lda, buf, 8, ctypes.byref(zero), buf, m)
        print("%s m=%d lda=%d: status %d" % (tag, m, lda, status), flush=True)


mode = sys.argv[1]
if mode == "reexec":
    os.execv(sys.executable, [sys.executable, __file__, "plain"])
calls(mode)
if mode == "fork":
    pid = os.fork()
    if pid == 0:
        calls("child")
        os._exit(0)
    os.waitpid(pid, 0)
elif mode == "exit":
    os._exit(int(sys.argv[2]))
