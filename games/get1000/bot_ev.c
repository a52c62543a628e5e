/*
** bot_ev.c -- Get1000 sparring bot: the same program as main.c with the
** `ev` policy by default (build/get1000-ev).
*/
#include "client.h"

int main(int argc, char **argv) { return client_run(argc, argv, POLICY_EV); }
