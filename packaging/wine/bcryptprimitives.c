/* For the Wine test of the Windows package only (scripts/test-package.sh), never shipped:
   Wine 8 (Debian 12) has no bcryptprimitives.dll, which Rust's standard library loads for
   ProcessPrng on Windows 10 and later. This stand-in answers from Wine's RtlGenRandom. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
  while (len > 0) {
    ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
    if (!SystemFunction036(data, n)) return FALSE;
    data += n;
    len -= n;
  }
  return TRUE;
}
