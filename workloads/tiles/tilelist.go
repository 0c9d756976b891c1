package tiles

// dropFrom takes v off a tile's list by moving the list's last entry into its place.
// A tile's order does not matter (a visit sums its ids order-free), and a list is a
// few entries long, so a search from the front is the whole cost. A v that is not
// there means the store lost track of an entity: it panics, naming the store. The
// loop calls nothing, as concrete as the one it replaced in each store that keeps a
// tile as a slice.
func dropFrom[T comparable](list []T, v T, store string) []T {
	last := len(list) - 1
	for i := range list {
		if list[i] == v {
			list[i] = list[last]
			return list[:last]
		}
	}
	panic("tiles: " + store + " lost an entity from a tile")
}
