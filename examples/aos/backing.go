package main

import (
	"localitylab/byo"
	"localitylab/workloads/bullets"
	"localitylab/workloads/sprites"
	"localitylab/workloads/tiles"
)

// Backing is aos on the three workloads: each store keeps its entities as one slice
// of structs by value, and reaches an entity through a plain index where the workload
// needs a handle (see each store for its scheme).
var Backing = byo.Backing{
	Name: "aos",
	Sprites: &byo.Sprites{
		New:   func(w *sprites.World) byo.Store { return &spriteStore{w: w} },
		Note:  spritesNote,
		Bytes: spritesBytes,
	},
	Bullets: &byo.Bullets{
		New:   func(w *bullets.World) byo.Store { return &bulletStore{w: w} },
		Note:  bulletsNote,
		Bytes: bulletsBytes,
	},
	Tiles: &byo.Tiles{
		New:   func(w *tiles.World) byo.Store { return &tileStore{w: w} },
		Note:  tilesNote,
		Bytes: tilesBytes,
	},
}
