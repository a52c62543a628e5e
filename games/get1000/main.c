/*
** main.c -- the Get1000 bot (dist/get1000.c): MU1 policy by default.
** ./get1000 --url ws://HOST:PORT/agent --room ROOM --name NAME [--policy mu1|ev]
*/
#include "client.h"

int main(int argc, char **argv) { return client_run(argc, argv, POLICY_MU1); }
