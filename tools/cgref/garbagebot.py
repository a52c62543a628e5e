#!/usr/bin/env python3
"""garbagebot.py -- wraps a bot and spoils some of its answers, to test a
referee's handling of bad input against the official one (`arena.py diff`).

Usage: garbagebot.py SEED RATE CMD

Runs CMD (sh -c) as the real bot, passes the referee's input through to it
and its answers back, except that each answer line is replaced, with
probability RATE, by a spoiled one (a generator seeded with SEED picks
which and how): malformed lines (empty, blanks, a lone word, junk after
the move, changed case), illegal moves (a number replaced by another
small one), overflowing numbers (2^31, 2^63, 20 digits, negative ones),
odd Unicode (full-width and Arabic-Indic digits, no-break and zero-width
spaces, U+2028, an emoji, dotless i), an extra line, or rarely no answer
at all (the bot exits). Game-agnostic: it knows nothing of any protocol
beyond "one line in, the next line out". Standard library only.
"""
import os
import random
import subprocess
import sys
import threading

OVERFLOW = ["2147483648", "-2147483649", "9223372036854775808", "-9223372036854775809",
            "99999999999999999999", "4294967296", "1e9", "0x10", "+1", "-0", "007"]
UNICODE_DIGITS = [0xFF10, 0x0660, 0x06F0, 0x0966]  # full-width, Arabic-Indic, extended, Devanagari
ODD = ["\u00a0", "\u200b", "\u2028", "\ufeff", "\U0001F600", "\u0131", "\u00e9", "\t", "\x00"]


def spoil_numbers(rng, words, how):
    idx = [i for i, w in enumerate(words) if w.lstrip("-").isdigit()]
    if not idx:
        return None
    i = rng.choice(idx)
    if how == "illegal":
        words[i] = str(rng.choice([-1, -2, 0, 1, 2, 3, 5, 10, 36, 37, 99, int(words[i]) + 1, int(words[i]) - 1]))
    elif how == "overflow":
        words[i] = rng.choice(OVERFLOW)
    else:
        base = rng.choice(UNICODE_DIGITS)
        words[i] = "".join(chr(base + int(c)) if c.isdigit() else c for c in words[i])
    return " ".join(words)


def spoil(rng, line):
    """A spoiled version of one answer line, or None for "exit now"."""
    words = line.split()
    how = rng.choice(["malformed", "illegal", "illegal", "overflow", "unicode", "unicode", "extra", "exit"])
    if how == "exit" and rng.random() < 0.5:
        how = "malformed"
    if how == "exit":
        return None
    if how in ("illegal", "overflow", "unicode"):
        got = spoil_numbers(rng, list(words), how)
        if got is not None and (how != "unicode" or rng.random() < 0.5):
            return got
        if how == "unicode":
            pos = rng.randint(0, len(line))
            return line[:pos] + rng.choice(ODD) + line[pos:]
    if how == "extra":
        return line + "\n" + line
    choice = rng.randint(0, 7)
    if choice == 0:
        return ""
    if choice == 1:
        return "   "
    if choice == 2:
        return words[0] if words else "WAIT"
    if choice == 3:
        return line + " junk 1 2"
    if choice == 4:
        return line.lower() if line != line.lower() else line.upper()
    if choice == 5:
        return "  " + line + "  "
    if choice == 6:
        return rng.choice(["WAIT", "RANDOM", "MOVE", "GROW", "SEED 1", "COMPLETE", "hello", ";", "-"])
    return line.replace(" ", "  ")


def main(argv):
    if len(argv) != 4:
        sys.stderr.write("usage: garbagebot.py SEED RATE CMD\n")
        return 2
    rng = random.Random(int(argv[1]))
    rate = float(argv[2])
    bot = subprocess.Popen(["sh", "-c", argv[3]], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def feed():
        try:
            while True:
                chunk = os.read(0, 65536)
                if not chunk:
                    break
                bot.stdin.write(chunk)
                bot.stdin.flush()
        except OSError:
            pass
        try:
            bot.stdin.close()
        except OSError:
            pass

    threading.Thread(target=feed, daemon=True).start()
    for raw in bot.stdout:
        line = raw.decode("utf-8", "replace").rstrip("\n")
        if rng.random() < rate:
            line = spoil(rng, line)
            if line is None:
                break
        try:
            os.write(1, (line + "\n").encode("utf-8"))
        except OSError:
            break
    bot.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
