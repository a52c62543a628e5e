/*
 * MultiplayerGameManager.java -- cgref stand-in for the SDK's multiplayer
 * game manager: players, active players, the seed and the game's random
 * generator. As in the SDK: the seed is the game parameter "seed" when it
 * parses as a long, a random long otherwise, and is written back to the
 * parameters; getRandom() is a SHA1PRNG SecureRandom seeded with it (so the
 * same seed draws the same numbers as on CodinGame).
 */
package com.codingame.gameengine.core;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

import com.google.inject.Singleton;

@Singleton
public final class MultiplayerGameManager<T extends AbstractMultiplayerPlayer> extends GameManager<T> {
    private Properties gameParameters;
    private long seed;
    private Random random;

    @Override
    protected void readGameProperties(Properties params) {
        gameParameters = params;
        seed = ThreadLocalRandom.current().nextLong();
        try {
            if (params.containsKey("seed")) seed = Long.parseLong(params.getProperty("seed"));
        } catch (NumberFormatException e) {
            System.err.println("cgref: the seed property is not a number; a random seed is used");
        }
        params.setProperty("seed", String.valueOf(seed));
        try {
            random = SecureRandom.getInstance("SHA1PRNG");
            random.setSeed(seed);
        } catch (NoSuchAlgorithmException e) {
            random = new Random(seed);
        }
    }

    public int getPlayerCount() { return players.size(); }
    public long getSeed() { return seed; }
    public Random getRandom() { return random; }
    public Properties getGameParameters() { return gameParameters; }
    public List<T> getPlayers() { return players; }
    public List<T> getActivePlayers() { return players.stream().filter(p -> p.isActive()).collect(Collectors.toList()); }
    public T getPlayer(int i) { return players.get(i); }
    public void endGame() { super.endGame(); }

    @Override
    protected boolean allPlayersInactive() { return getActivePlayers().isEmpty(); }
}
