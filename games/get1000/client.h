/*
** client.h -- the Get1000 bot's program: command line, policy tables,
** WebSocket session and the reply loop. main.c and the sparring bots
** (bot_*.c) differ only in the default policy they pass.
**
** Command line:
**   --url ws://HOST:PORT/agent --room ROOM --name NAME
**   [--policy mu1|ev|greedy|random|sequential] [--seed N] [--ties none|all]
**   [--no-random-ties] [--tie-eps E] [--opponents N] [--connect-timeout MS]
**   [--idle-timeout S] [--quiet]
** --opponents N builds the MU_n utility (mu1 policy only; default 1).
** --tie-eps E: mu1 moves within E of the best are tied (default 1e-9).
** --idle-timeout S leaves after S seconds without a message (default 0:
** wait forever; keep-alive pings hold the connection open meanwhile).
** Exit status: 0 after GameEnd or a close by the server, 1 after GameError or
** a broken connection, 2 on a bad command line or a failed connect.
*/
#ifndef CLIENT_H
#define CLIENT_H

#include "common.h"
#include "policy.h"

BOT_API int client_run(int argc, char **argv, policy_kind default_kind);

#endif /* CLIENT_H */
