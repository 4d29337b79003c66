-- A player's personal link can be replaced (a phone lost or lent, a link sent to the wrong
-- person): the MAC then also covers the link's generation, so the old link stops working and
-- the new one opens the same page. Players whose link was never replaced have no row
-- (generation 0: the links made before this table existed stay good).
CREATE TABLE player_link_generations (
    tournament INTEGER NOT NULL,
    player INTEGER NOT NULL,
    generation INTEGER NOT NULL,
    PRIMARY KEY (tournament, player)
);
