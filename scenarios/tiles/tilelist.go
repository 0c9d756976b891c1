package tiles

// dropFrom takes v off a tile's list by moving the list's last entry into its place,
// and reports whether v was there. A tile's order does not matter (a visit sums its
// ids order-free), and a list is a few entries long, so a search from the front is
// the whole cost. It calls nothing: its loop is as concrete as the one it replaced in
// each store that keeps a tile as a slice.
func dropFrom[T comparable](list []T, v T) ([]T, bool) {
	last := len(list) - 1
	for i := range list {
		if list[i] == v {
			list[i] = list[last]
			return list[:last], true
		}
	}
	return list, false
}
