"""Shell completion scripts for ``cardtable`` (bash, zsh, fish), generated from the command
line parser by ``tools/completions.py`` with shtab and shipped in the package, so completion
needs nothing at run time. ``cardtable --completion SHELL`` prints one."""
