/*
** bot_random.c -- Get1000 sparring bot: the same program as main.c with the
** `random` policy by default (build/get1000-random).
*/
#include "client.h"

int main(int argc, char **argv) { return client_run(argc, argv, POLICY_RANDOM); }
