package main

import (
	"localitylab/byo"
)

// Backing is aos on the three workloads: each store keeps its entities as one slice
// of structs by value, and reaches an entity through a plain index where the workload
// needs a handle (see each store for its scheme).
var Backing = byo.Backing{
	Name: "aos",
	Sprites: &byo.Sprites{
		New:   func(w *byo.SpriteWorld) byo.Store { return &spriteStore{w: w} },
		Note:  spritesNote,
		Bytes: spritesBytes,
	},
	Bullets: &byo.Bullets{
		New:   func(w *byo.BulletWorld) byo.Store { return &bulletStore{w: w} },
		Note:  bulletsNote,
		Bytes: bulletsBytes,
	},
	Tiles: &byo.Tiles{
		New:   func(w *byo.TileWorld) byo.Store { return &tileStore{w: w} },
		Note:  tilesNote,
		Bytes: tilesBytes,
	},
}
