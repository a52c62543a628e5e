/*
** boss.h -- the official Green Circle boss (the organisers' config/Boss.java
** in the top league), re-implemented from its documented behaviour as a pure
** function of one input block, so tests can pin every rule:
**
**   MOVE     the first desk d = loc+1, loc+2, ... (seven steps, mod 8) such
**            that some application needs more of skill d than 2 x (that skill
**            in hand + draw + discard) + every BONUS in hand + draw + discard;
**            none: loc+1. Automated cards and desk stocks are not looked at.
**   GIVE, THROW  the BONUS if the hand has one, else RANDOM.
**   PLAY     REFACTORING if the hand holds it and a DEBT; else DAILY_ROUTINE;
**            else ARCHITECTURE_STUDY; else CODE_REVIEW; else
**            CONTINUOUS_INTEGRATION on the first type 0..8 it can automate
**            (CI itself only when there is a second one); else TRAINING;
**            else WAIT. CODING and TASK_PRIORITIZATION are never played.
**   RELEASE  the first listed application (input order) whose missing
**            skills (need minus 2 x (hand + automated) per skill, bonuses not
**            counted) are at most the bonuses in hand + automated; else, below
**            four releases, the first with fewer than 3 missing that is also
**            within a running allowance (the bonuses, plus 2 x the skill cards
**            in hand + automated once per application looked at so far);
**            else WAIT.
**   anything else  RANDOM.
** Invariant: the answer is a legal command for the request (the boss never
** checks the option list; the rules make each choice above legal).
*/
#ifndef BOSS_H
#define BOSS_H

#include "common.h"
#include "proto.h"
#include "rules.h"

BOT_API rules_action boss_decide(const proto_input *in);

#endif /* BOSS_H */
