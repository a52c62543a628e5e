/*
** fuzz.h -- helpers shared by the libFuzzer targets in tests/fuzz/.
**
** FUZZ_CHECK(cond) aborts (a crash libFuzzer reports and keeps) when an
** invariant of the code under test does not hold: the targets check
** properties, not only the absence of sanitizer reports.
** fuzz_cstr copies the input into a NUL-terminated static buffer.
*/
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_CHECK(cond)                                                             \
  do {                                                                               \
    if (!(cond)) {                                                                   \
      fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #cond);   \
      abort();                                                                       \
    }                                                                                \
  } while (0)

#define FUZZ_MAX 262144

/* The input as a NUL-terminated string (cut at FUZZ_MAX bytes). */
static inline const char *fuzz_cstr(const uint8_t *data, size_t size, size_t *len) {
  static char buf[FUZZ_MAX + 1];
  if (size > FUZZ_MAX) size = FUZZ_MAX;
  memcpy(buf, data, size);
  buf[size] = 0;
  if (len) *len = size;
  return buf;
}

/* A NUL-free output check: no byte below 0x20 or 0x7f (printable text). */
static inline int fuzz_printable(const char *s) {
  for (; *s; s++)
    if ((unsigned char)*s < 0x20 || (unsigned char)*s == 0x7f) return 0;
  return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* For targets whose code prints its answers: defines the libFuzzer
   initializer that sends stdout to /dev/null (stderr stays, for reports). */
#define FUZZ_STDOUT_TO_NULL                                                          \
  int LLVMFuzzerInitialize(int *argc, char ***argv) {                                \
    (void)argc;                                                                      \
    (void)argv;                                                                      \
    if (!freopen("/dev/null", "w", stdout)) abort();                                 \
    return 0;                                                                        \
  }

#endif /* FUZZ_H */
