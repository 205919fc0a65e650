"""The directory, relative to an install prefix, where this interpreter looks
for modules of that prefix (the platlib of its own scheme):
  install_dir.py PREFIX
Debian's python3 (schemes deb_system and posix_local) searches
/usr/lib/python3/dist-packages for /usr and lib/python3.X/dist-packages
under /usr/local; an upstream interpreter, lib/python3.X/site-packages under
its prefix. Any other prefix needs PYTHONPATH set to PREFIX/<this>."""
import os
import sys
import sysconfig

prefix = os.path.normpath(sys.argv[1])
schemes = sysconfig.get_scheme_names()
if "deb_system" in schemes and prefix == "/usr":
    path, base = sysconfig.get_path("platlib", "deb_system", vars={"base": prefix, "platbase": prefix}), prefix
elif "posix_local" in schemes:
    # posix_local puts /usr/local in for the base /usr: what pip gives /usr/local.
    path, base = sysconfig.get_path("platlib", "posix_local", vars={"base": "/usr", "platbase": "/usr"}), "/usr/local"
else:
    path, base = sysconfig.get_path("platlib", "posix_prefix", vars={"base": prefix, "platbase": prefix}), prefix
print(os.path.relpath(path, base))
