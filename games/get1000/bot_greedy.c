/*
** bot_greedy.c -- Get1000 sparring bot: the same program as main.c with the
** `greedy` policy by default (build/get1000-greedy).
*/
#include "client.h"

int main(int argc, char **argv) { return client_run(argc, argv, POLICY_GREEDY); }
