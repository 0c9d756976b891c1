package tiles

// heapBytes is a store's estimate of its heap after Load and a long run (its Entry's
// Bytes), from what it keeps per tile entry (an entity of span s has s² of them), per
// entity and per tile, as its doc comment lists, with room for the slack of slices
// grown by append (up to twice what they hold, and old and new side by side while one
// grows), plus fixed and the moves' scratch.
func (c *config) heapBytes(perEntry, perEntity, perTile, fixed int64) int64 {
	n := int64(c.n)
	entries := n * int64(c.perEnt)
	tiles := int64(c.cols) * int64(c.rows)
	return entries*perEntry + n*perEntity + tiles*perTile + fixed + c.scratchBytes()
}

// scratchBytes is the moves' buffer every store has.
func (c *config) scratchBytes() int64 { return int64(c.moving) * 8 }

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }
