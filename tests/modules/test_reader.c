/*
** test_reader.c -- lines and tokens, CRLF, a last line without newline,
** malformed numbers, ranges, over-long lines, and reading from a pipe in
** tiny chunks (a buffer boundary inside a line).
*/
#include "testhelp.h"
#include "reader.h"

static reader_t R; /* big: keep it off the stack */

static void test_lines_and_tokens(void) {
  reader_init_str(&R, "37\r\n0 3 1 2 -1 4 5 6\nWAIT\n\nlast 5");
  long v;
  TH_EQ_INT(reader_line(&R), READER_OK);
  TH_EQ_INT(reader_int(&R, &v, 0, 100), READER_OK);
  TH_EQ_INT(v, 37);
  TH_EQ_INT(reader_end(&R), READER_OK);
  TH_EQ_INT(reader_line(&R), READER_OK);
  long sum = 0;
  for (int i = 0; i < 8; i++) {
    TH_EQ_INT(reader_int(&R, &v, -1, 36), READER_OK);
    sum += v;
  }
  TH_EQ_INT(sum, 20);
  TH_EQ_INT(reader_int(&R, &v, -1, 36), READER_MISSING);
  char w[8];
  TH_EQ_INT(reader_line(&R), READER_OK);
  TH_EQ_INT(reader_word(&R, w, sizeof w), READER_OK);
  TH_EQ_STR(w, "WAIT");
  TH_EQ_INT(reader_line(&R), READER_OK); /* the empty line */
  TH_EQ_INT(reader_word(&R, w, sizeof w), READER_MISSING);
  TH_EQ_INT(reader_line(&R), READER_OK); /* no final newline */
  TH_EQ_STR(reader_rest(&R), "last 5");
  TH_EQ_INT(reader_line(&R), READER_EOF);
  TH_EQ_INT(reader_line(&R), READER_EOF);
}

static void test_malformed_numbers_report(void) {
  reader_init_str(&R, "12x -  99 5 extra\n");
  long v = -7;
  TH_EQ_INT(reader_line(&R), READER_OK);
  TH_EQ_INT(reader_int(&R, &v, 0, 100), READER_BADNUM);
  TH_ASSERT(strstr(reader_errmsg(&R), "line 1") != NULL);
  TH_EQ_INT(reader_int(&R, &v, 0, 100), READER_BADNUM);
  TH_EQ_INT(reader_int(&R, &v, 0, 50), READER_RANGE);
  TH_EQ_INT(v, -7); /* untouched on error */
  TH_EQ_INT(reader_int(&R, &v, 0, 50), READER_OK);
  TH_EQ_INT(reader_end(&R), READER_EXTRA);
  reader_init_str(&R, "99999999999999999999999\n");
  TH_EQ_INT(reader_line(&R), READER_OK);
  TH_EQ_INT(reader_int(&R, &v, -1000, 1000), READER_RANGE);
}

static void test_too_long_line_is_an_error(void) {
  static char big[READER_LINE_MAX + 100];
  memset(big, 'a', sizeof big - 1);
  big[sizeof big - 1] = 0;
  static char text[READER_LINE_MAX + 200];
  snprintf(text, sizeof text, "%s\nnext\n", big);
  reader_init_str(&R, text);
  TH_EQ_INT(reader_line(&R), READER_TOOLONG);
  TH_EQ_INT(reader_line(&R), READER_OK); /* the reader resynchronises */
  TH_EQ_STR(reader_rest(&R), "next");
  char w[4];
  reader_init_str(&R, "toolongword\n");
  reader_line(&R);
  TH_EQ_INT(reader_word(&R, w, sizeof w), READER_TOOLONG);
}

static void test_pipe_in_small_chunks(void) {
  int fd[2];
  TH_ASSERT(pipe(fd) == 0);
  pid_t pid = fork();
  TH_ASSERT(pid >= 0);
  if (pid == 0) {
    close(fd[0]);
    const char *msg = "10 20\n30\n40";
    for (const char *p = msg; *p; p++) {
      if (write(fd[1], p, 1) != 1) _exit(1);
      usleep(200);
    }
    _exit(0);
  }
  close(fd[1]);
  reader_init(&R, fd[0]);
  long a, b, c, d;
  TH_EQ_INT(reader_line(&R), READER_OK);
  TH_EQ_INT(reader_int(&R, &a, 0, 99), READER_OK);
  TH_EQ_INT(reader_int(&R, &b, 0, 99), READER_OK);
  TH_EQ_INT(reader_line(&R), READER_OK);
  TH_EQ_INT(reader_int(&R, &c, 0, 99), READER_OK);
  TH_EQ_INT(reader_line(&R), READER_OK);
  TH_EQ_INT(reader_int(&R, &d, 0, 99), READER_OK);
  TH_EQ_INT(a + b + c + d, 100);
  TH_EQ_INT(reader_line(&R), READER_EOF);
  close(fd[0]);
  waitpid(pid, NULL, 0);
}

static const th_test TESTS[] = {TH_ENTRY(test_lines_and_tokens), TH_ENTRY(test_malformed_numbers_report),
                                TH_ENTRY(test_too_long_line_is_an_error), TH_ENTRY(test_pipe_in_small_chunks)};
int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
