# Sourced by the packaging scripts: the Rust target of each package, and the C compilers and
# linkers cargo needs to build for them (SQLite is C, compiled by the cc crate).

# clubtd_triple linux|windows
clubtd_triple() {
  case "$1" in
    linux) echo x86_64-unknown-linux-musl ;;
    windows) echo x86_64-pc-windows-gnu ;;
    *) echo "unknown package '$1'" >&2; return 2 ;;
  esac
}

export CC_x86_64_unknown_linux_musl=musl-gcc
export AR_x86_64_unknown_linux_musl=ar
export CC_x86_64_pc_windows_gnu=x86_64-w64-mingw32-gcc
export AR_x86_64_pc_windows_gnu=x86_64-w64-mingw32-ar
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
