"""cublasSgemm_v2 through ctypes: CDLL(...).cublasSgemm_v2 is found with
dlsym(handle, name), which bypassed the preload library's definitions.
With "pydll" after the library, through ctypes.PyDLL, which keeps the GIL
during the call (CDLL releases it)."""
import ctypes
import sys

lib = (ctypes.PyDLL if sys.argv[2:] == ["pydll"] else ctypes.CDLL)(sys.argv[1])
never_created = ctypes.create_string_buffer(4096)
buf = (ctypes.c_float * 4096)()
one, zero = ctypes.c_float(1), ctypes.c_float(0)
f = lib.cublasSgemm_v2
f.restype = ctypes.c_int
for m, lda in ((64, 8), (8, 8)):
    s = f(ctypes.c_void_p(ctypes.addressof(never_created)), 0, 0, m, 8, 8,
          ctypes.byref(one), buf, lda, buf, 8, ctypes.byref(zero), buf, m)
    print("ctypes m=%d lda=%d: status %d" % (m, lda, s), flush=True)
