// Implementation of WeightedMatching (a template: the weight type is chosen by the caller).
#pragma once

#include <algorithm>
#include <cassert>

namespace boardgames {

template <typename Weight>
void WeightedMatching<Weight>::leaves(int b, std::vector<int>& out) const {
  if (b < n_) {
    out.push_back(b);
    return;
  }
  for (int child : children_[static_cast<std::size_t>(b)]) leaves(child, out);
}

#ifdef BG_MATCHING_DEBUG
template <typename Weight>
void WeightedMatching<Weight>::check_structure(const char* where) const {
  auto contains = [&](int b, int v) {
    for (int t = v; t != -1; t = parent_[static_cast<std::size_t>(t)]) {
      if (t == b) return true;
    }
    return false;
  };
  for (int b = n_; b < 2 * n_; ++b) {
    const auto& kids = children_[static_cast<std::size_t>(b)];
    if (base_[static_cast<std::size_t>(b)] < 0) continue;
    for (std::size_t i = 0; i < kids.size(); ++i) {
      const auto& e = links_[static_cast<std::size_t>(b)][i];
      if (!contains(kids[i], e.first) || !contains(kids[(i + 1) % kids.size()], e.second)) {
        std::fprintf(stderr, "%s: blossom %d link %zu (%d,%d) kids %d %d\n", where, b, i, e.first, e.second, kids[i], kids[(i + 1) % kids.size()]);
        std::abort();
      }
      if (parent_[static_cast<std::size_t>(kids[i])] != b) {
        std::fprintf(stderr, "%s: blossom %d child %d parent %d\n", where, b, kids[i], parent_[static_cast<std::size_t>(kids[i])]);
        std::abort();
      }
    }
    if (!contains(kids[0], base_[static_cast<std::size_t>(b)])) {
      std::fprintf(stderr, "%s: blossom %d base %d not in child 0\n", where, b, base_[static_cast<std::size_t>(b)]);
      std::abort();
    }
  }
}
#endif

template <typename Weight>
void WeightedMatching<Weight>::reset() {
  const auto n = static_cast<std::size_t>(n_);
  mate_.resize(n, -1);
  for (int v : active_list_) mate_[static_cast<std::size_t>(v)] = -1;
  label_.assign(2 * n, 0);
  label_in_.assign(2 * n, -1);
  label_out_.assign(2 * n, -1);
  in_blossom_.resize(n);
  for (int v = 0; v < n_; ++v) in_blossom_[static_cast<std::size_t>(v)] = v;
  parent_.assign(2 * n, -1);
  children_.assign(2 * n, {});
  links_.assign(2 * n, {});
  base_.assign(2 * n, -1);
  for (int v = 0; v < n_; ++v) base_[static_cast<std::size_t>(v)] = v;
  best_edge_.assign(2 * n, kNoEdge);
  blossom_best_edges_.assign(2 * n, {});
  best_edges_known_.assign(2 * n, 0);
  unused_.clear();
  for (int b = 2 * n_ - 1; b >= n_; --b) unused_.push_back(b);
  // Every vertex starts with the largest weight as its dual: all constraints hold.
  Weight largest{};
  for (int i : active_list_) {
    for (int j : active_list_) {
      const Weight& w = twice_[index(i, j)];
      if (largest < w) largest = w;
    }
  }
  largest >>= 1;  // stored doubled
  dual_.assign(2 * n, Weight{});
  for (int v : active_list_) dual_[static_cast<std::size_t>(v)] = largest;
}

// Labels the top-level blossom of w with t (1 = S, 2 = T), reached from `from`.
template <typename Weight>
void WeightedMatching<Weight>::assign_label(int w, int t, int from) {
  const auto b = static_cast<std::size_t>(in_blossom_[static_cast<std::size_t>(w)]);
  const auto wi = static_cast<std::size_t>(w);
  label_[wi] = label_[b] = t;
  label_in_[wi] = label_in_[b] = w;
  label_out_[wi] = label_out_[b] = from;
  best_edge_[wi] = best_edge_[b] = kNoEdge;
  if (t == 1) {
    const std::size_t first = queue_.size();
    leaves(static_cast<int>(b), queue_);
    s_vertices_.insert(s_vertices_.end(), queue_.begin() + static_cast<std::ptrdiff_t>(first), queue_.end());
  } else {
    // A T blossom's base is matched: its mate becomes S.
    const int base = base_[b];
    assign_label(mate_[static_cast<std::size_t>(base)], 1, base);
  }
}

// Follows the trees up from the S vertices v and w: the base of the first blossom both paths
// reach (a new blossom's base), or -1 when they reach different roots (an augmenting path).
template <typename Weight>
int WeightedMatching<Weight>::scan_blossom(int v, int w) {
  std::vector<int> path;
  int base = -1;
  while (v != -1 || w != -1) {
    auto b = static_cast<std::size_t>(in_blossom_[static_cast<std::size_t>(v)]);
    if ((label_[b] & 4) != 0) {
      base = base_[b];
      break;
    }
    path.push_back(static_cast<int>(b));
    label_[b] = 5;
    if (label_out_[b] == -1) {
      v = -1;
    } else {
      // Up through the T blossom the base is matched into, to the S vertex that labelled it.
      const int t = label_out_[b];
      const auto bt = static_cast<std::size_t>(in_blossom_[static_cast<std::size_t>(t)]);
      v = label_out_[bt];
    }
    if (w != -1) std::swap(v, w);
  }
  for (int b : path) label_[static_cast<std::size_t>(b)] = 1;
  return base;
}

template <typename Weight>
void WeightedMatching<Weight>::add_blossom(int base, int v, int w) {
  const int bb = in_blossom_[static_cast<std::size_t>(base)];
  int bv = in_blossom_[static_cast<std::size_t>(v)];
  int bw = in_blossom_[static_cast<std::size_t>(w)];
  const int b = unused_.back();
  unused_.pop_back();
#ifdef BG_MATCHING_DEBUG
  std::fprintf(stderr, "add_blossom %d base %d v %d w %d (bb %d bv %d bw %d)\n", b, base, v, w, bb, bv, bw);
#endif
  const auto bi = static_cast<std::size_t>(b);
  base_[bi] = base;
  parent_[bi] = -1;
  parent_[static_cast<std::size_t>(bb)] = b;
  // The two tree paths down to the common base blossom.
  std::vector<int> path_v;
  std::vector<Edge> edges_v;  // (inside path_v[i], inside the next blossom towards bb)
  while (bv != bb) {
    parent_[static_cast<std::size_t>(bv)] = b;
    path_v.push_back(bv);
    edges_v.emplace_back(label_in_[static_cast<std::size_t>(bv)], label_out_[static_cast<std::size_t>(bv)]);
    bv = in_blossom_[static_cast<std::size_t>(label_out_[static_cast<std::size_t>(bv)])];
  }
  std::vector<int> path_w;
  std::vector<Edge> edges_w;
  while (bw != bb) {
    parent_[static_cast<std::size_t>(bw)] = b;
    path_w.push_back(bw);
    edges_w.emplace_back(label_in_[static_cast<std::size_t>(bw)], label_out_[static_cast<std::size_t>(bw)]);
    bw = in_blossom_[static_cast<std::size_t>(label_out_[static_cast<std::size_t>(bw)])];
  }
  // Around the cycle: bb, path_v backwards, (v, w), path_w forwards, back to bb.
  std::vector<int>& kids = children_[bi];
  std::vector<Edge>& links = links_[bi];
  kids.assign(1, bb);
  links.clear();
  for (std::size_t i = path_v.size(); i-- > 0;) {
    links.emplace_back(edges_v[i].second, edges_v[i].first);
    kids.push_back(path_v[i]);
  }
  links.emplace_back(v, w);
  for (std::size_t i = 0; i < path_w.size(); ++i) {
    kids.push_back(path_w[i]);
    links.push_back(edges_w[i]);
  }
  label_[bi] = 1;
  label_in_[bi] = label_in_[static_cast<std::size_t>(bb)];
  label_out_[bi] = label_out_[static_cast<std::size_t>(bb)];
  dual_[bi] = Weight{};
  std::vector<int> members;
  leaves(b, members);
  for (int x : members) {
    if (label_[static_cast<std::size_t>(in_blossom_[static_cast<std::size_t>(x)])] == 2) {
      queue_.push_back(x);
      s_vertices_.push_back(x);
    }
    in_blossom_[static_cast<std::size_t>(x)] = b;
  }
  // The least-slack edge from the new blossom to each other S blossom.
  std::vector<Edge> best_to(2 * static_cast<std::size_t>(n_), kNoEdge);
  std::vector<int> touched;
  auto consider = [&](int i, int j) {
    const int bj = in_blossom_[static_cast<std::size_t>(j)];
    if (bj == b || label_[static_cast<std::size_t>(bj)] != 1 || !has_edge(i, j)) return;
    Edge& best = best_to[static_cast<std::size_t>(bj)];
    if (best == kNoEdge) {
      touched.push_back(bj);
      best = {i, j};
    } else if (slack(i, j) < slack(best)) {
      best = {i, j};
    }
  };
  for (int kid : kids) {
    const auto ki = static_cast<std::size_t>(kid);
    if (best_edges_known_[ki]) {
      for (const Edge& e : blossom_best_edges_[ki]) consider(e.first, e.second);
    } else {
      std::vector<int> kid_members;
      leaves(kid, kid_members);
      // Only edges to S vertices count, and S labels last the stage: those are listed.
      for (int i : kid_members) {
        for (int j : s_vertices_) {
          if (j != i) consider(i, j);
        }
      }
    }
    blossom_best_edges_[ki].clear();
    best_edges_known_[ki] = 0;
    best_edge_[ki] = kNoEdge;
  }
  std::vector<Edge>& mine = blossom_best_edges_[bi];
  mine.clear();
  best_edges_known_[bi] = 1;
  best_edge_[bi] = kNoEdge;
  for (int bj : touched) {
    const Edge& e = best_to[static_cast<std::size_t>(bj)];
    mine.push_back(e);
    if (best_edge_[bi] == kNoEdge || slack(e) < slack(best_edge_[bi])) best_edge_[bi] = e;
  }
}

template <typename Weight>
void WeightedMatching<Weight>::expand_blossom(int b, bool end_of_stage) {
  const auto bi = static_cast<std::size_t>(b);
#ifdef BG_MATCHING_DEBUG
  std::fprintf(stderr, "expand %d end %d parent %d\n", b, int(end_of_stage), parent_[bi]);
#endif
  // The children become top-level.
  for (int s : children_[bi]) {
    parent_[static_cast<std::size_t>(s)] = -1;
    if (s < n_) {
      in_blossom_[static_cast<std::size_t>(s)] = s;
    } else if (end_of_stage && dual_[static_cast<std::size_t>(s)].is_zero()) {
      expand_blossom(s, end_of_stage);
    } else {
      std::vector<int> members;
      leaves(s, members);
      for (int v : members) in_blossom_[static_cast<std::size_t>(v)] = s;
    }
  }
  if (!end_of_stage && label_[bi] == 2) {
    // A T blossom expands mid-stage: relabel the children on the even path from the child
    // its label came through to the base child; the rest become unlabelled (or T where one of
    // their vertices is already reached).
    const std::vector<int>& kids = children_[bi];
    const std::vector<Edge>& links = links_[bi];
    const int k = static_cast<int>(kids.size());
    const int entry_child = in_blossom_[static_cast<std::size_t>(label_in_[bi])];
    int j = static_cast<int>(std::find(kids.begin(), kids.end(), entry_child) - kids.begin());
    const int step = (j % 2 == 1) ? 1 : -1;
    auto at = [&](int i) { return ((i % k) + k) % k; };
    int in = label_in_[bi];
    int out = label_out_[bi];
    while (at(j) != 0) {
      const auto child = static_cast<std::size_t>(kids[static_cast<std::size_t>(at(j))]);
      label_[static_cast<std::size_t>(in)] = 0;
      label_[child] = 0;
      assign_label(in, 2, out);
      j += step;
      // The unmatched link from that S child to the next T child.
      Edge next;
      if (step == 1) {
        const Edge& e = links[static_cast<std::size_t>(at(j))];
        next = {e.second, e.first};  // (inside the next T child, inside this S child)
      } else {
        const Edge& e = links[static_cast<std::size_t>(at(j - 1))];
        next = e;  // e.first is inside child j-1 (the next T child), e.second inside child j
      }
      in = next.first;
      out = next.second;
      j += step;
    }
    // The base child keeps its matched edge to the outside: it is T through (in, out).
    const auto base_child = static_cast<std::size_t>(kids[0]);
    label_[static_cast<std::size_t>(in)] = label_[base_child] = 2;
    label_in_[static_cast<std::size_t>(in)] = label_in_[base_child] = in;
    label_out_[static_cast<std::size_t>(in)] = label_out_[base_child] = out;
    best_edge_[base_child] = kNoEdge;
    // Around the other side back to the entry child.
    j += step;
    while (kids[static_cast<std::size_t>(at(j))] != entry_child) {
      const int child = kids[static_cast<std::size_t>(at(j))];
      const auto ci = static_cast<std::size_t>(child);
      if (label_[ci] == 1) {
        j += step;
        continue;
      }
      std::vector<int> members;
      leaves(child, members);
      int reached = -1;
      for (int v : members) {
        if (label_[static_cast<std::size_t>(v)] != 0) {
          reached = v;
          break;
        }
      }
      if (reached != -1) {
        const auto ri = static_cast<std::size_t>(reached);
        label_[ri] = 0;
        label_[static_cast<std::size_t>(mate_[static_cast<std::size_t>(base_[ci])])] = 0;
        assign_label(reached, 2, label_out_[ri]);
      }
      j += step;
    }
  }
  recycle_blossom(b);
}

// Clears blossom b (its children already top-level) and makes its number free again.
template <typename Weight>
void WeightedMatching<Weight>::recycle_blossom(int b) {
  const auto bi = static_cast<std::size_t>(b);
  label_[bi] = 0;
  label_in_[bi] = label_out_[bi] = -1;
  children_[bi].clear();
  links_[bi].clear();
  base_[bi] = -1;
  parent_[bi] = -1;
  best_edge_[bi] = kNoEdge;
  blossom_best_edges_[bi].clear();
  best_edges_known_[bi] = 0;
  dual_[bi] = Weight{};
  unused_.push_back(b);
}

// Makes v the base of blossom b (v's mate outside changes next), re-pairing the children on
// the even path from v's child to the old base child.
template <typename Weight>
void WeightedMatching<Weight>::augment_blossom(int b, int v) {
  const auto bi = static_cast<std::size_t>(b);
  int t = v;
  while (parent_[static_cast<std::size_t>(t)] != b) t = parent_[static_cast<std::size_t>(t)];
  if (t >= n_) augment_blossom(t, v);
  std::vector<int>& kids = children_[bi];
  std::vector<Edge>& links = links_[bi];
  const int k = static_cast<int>(kids.size());
  const int i = static_cast<int>(std::find(kids.begin(), kids.end(), t) - kids.begin());
  auto pair_up = [&](int a_child, int c_child, const Edge& e) {
    // e = (inside a_child, inside c_child)
    if (a_child >= n_) augment_blossom(a_child, e.first);
    if (c_child >= n_) augment_blossom(c_child, e.second);
    mate_[static_cast<std::size_t>(e.first)] = e.second;
    mate_[static_cast<std::size_t>(e.second)] = e.first;
  };
  if (i % 2 == 0) {
    for (int s = i - 1; s >= 1; s -= 2) {
      pair_up(kids[static_cast<std::size_t>(s - 1)], kids[static_cast<std::size_t>(s)], links[static_cast<std::size_t>(s - 1)]);
    }
  } else {
    for (int s = i + 1; s < k; s += 2) {
      pair_up(kids[static_cast<std::size_t>(s)], kids[static_cast<std::size_t>((s + 1) % k)], links[static_cast<std::size_t>(s)]);
    }
  }
  std::rotate(kids.begin(), kids.begin() + i, kids.end());
  std::rotate(links.begin(), links.begin() + i, links.end());
  base_[bi] = v;
}

// Augments along the path through edge (v, w) between two S vertices of different trees.
template <typename Weight>
void WeightedMatching<Weight>::augment_matching(int v, int w) {
  for (auto [s, j] : {Edge{v, w}, Edge{w, v}}) {
    while (true) {
      const int bs = in_blossom_[static_cast<std::size_t>(s)];
      if (bs >= n_) augment_blossom(bs, s);
      mate_[static_cast<std::size_t>(s)] = j;
      if (label_out_[static_cast<std::size_t>(bs)] == -1) break;
      const int t = label_out_[static_cast<std::size_t>(bs)];
      const int bt = in_blossom_[static_cast<std::size_t>(t)];
      s = label_out_[static_cast<std::size_t>(bt)];
      j = label_in_[static_cast<std::size_t>(bt)];
      if (bt >= n_) augment_blossom(bt, j);
      mate_[static_cast<std::size_t>(j)] = s;
    }
  }
}

template <typename Weight>
void WeightedMatching<Weight>::run_stages(bool single_root) {
  const auto n = static_cast<std::size_t>(n_);
  while (true) {
    std::fill(label_.begin(), label_.end(), 0);
    std::fill(best_edge_.begin(), best_edge_.end(), kNoEdge);
    for (std::size_t b = n; b < 2 * n; ++b) {
      blossom_best_edges_[b].clear();
      best_edges_known_[b] = 0;
    }
    queue_.clear();
    s_vertices_.clear();
    bool any_free = false;
    for (int v : active_list_) {
      if (mate_[static_cast<std::size_t>(v)] == -1 && label_[static_cast<std::size_t>(in_blossom_[static_cast<std::size_t>(v)])] == 0) {
        assign_label(v, 1, -1);
        any_free = true;
        if (single_root) break;
      }
    }
    if (!any_free) return;
    bool augmented = false;
    while (true) {
      while (!queue_.empty() && !augmented) {
        const int v = queue_.back();
        queue_.pop_back();
        for (int w : active_list_) {
          if (w == v || !has_edge(v, w)) continue;
          // v's blossom may grow while its edges are scanned.
          const int bv = in_blossom_[static_cast<std::size_t>(v)];
          const int bw = in_blossom_[static_cast<std::size_t>(w)];
          if (bv == bw) continue;
          const Weight kslack = slack(v, w);
          const auto bwi = static_cast<std::size_t>(bw);
          const auto wi = static_cast<std::size_t>(w);
          if (kslack.is_zero()) {
            if (label_[bwi] == 0 && mate_[static_cast<std::size_t>(base_[bwi])] == -1) {
              // A free vertex outside the tree (single-root stages): an augmenting path.
              augment_to_free(v, w);
              augmented = true;
              break;
            }
            if (label_[bwi] == 0) {
              assign_label(w, 2, v);
            } else if (label_[bwi] == 1) {
              const int base = scan_blossom(v, w);
              if (base >= 0) {
                add_blossom(base, v, w);
#ifdef BG_MATCHING_DEBUG
                check_structure("add");
#endif
              } else {
                augment_matching(v, w);
#ifdef BG_MATCHING_DEBUG
                check_structure("augment");
#endif
                augmented = true;
                break;
              }
            } else if (label_[wi] == 0) {
              // w sits inside a T blossom: remember how it was reached.
              label_[wi] = 2;
              label_in_[wi] = w;
              label_out_[wi] = v;
            }
          } else if (label_[bwi] == 1) {
            Edge& best = best_edge_[static_cast<std::size_t>(bv)];
            if (best == kNoEdge || kslack < slack(best)) best = {v, w};
          } else if (label_[wi] == 0) {
            Edge& best = best_edge_[wi];
            if (best == kNoEdge || kslack < slack(best)) best = {v, w};
          }
        }
      }
      if (augmented) break;
      // No tight edge left to follow: change the duals.
      int kind = 0;
      Weight delta{};
      bool have = false;
      if (mode_ == Mode::maximum_weight) {
        for (int v : active_list_) {
          if (label_[static_cast<std::size_t>(in_blossom_[static_cast<std::size_t>(v)])] != 1) continue;
          if (!have || dual_[static_cast<std::size_t>(v)] < delta) {
            delta = dual_[static_cast<std::size_t>(v)];
            have = true;
            kind = 1;
          }
        }
      }
      Edge delta_edge = kNoEdge;
      int delta_blossom = -1;
      for (int v : active_list_) {
        const auto vi = static_cast<std::size_t>(v);
        if (label_[static_cast<std::size_t>(in_blossom_[vi])] == 0 && best_edge_[vi] != kNoEdge) {
          const Weight d = slack(best_edge_[vi]);
          if (!have || d < delta) {
            delta = d;
            have = true;
            kind = 2;
            delta_edge = best_edge_[vi];
          }
        }
      }
      auto consider_s_blossom = [&](std::size_t b) {
        if (parent_[b] == -1 && label_[b] == 1 && best_edge_[b] != kNoEdge) {
          Weight d = slack(best_edge_[b]);
          d >>= 1;
          if (!have || d < delta) {
            delta = d;
            have = true;
            kind = 3;
            delta_edge = best_edge_[b];
          }
        }
      };
      for (int v : active_list_) consider_s_blossom(static_cast<std::size_t>(v));
      for (std::size_t b = n; b < 2 * n; ++b) {
        if (base_[b] >= 0) consider_s_blossom(b);
      }
      for (std::size_t b = n; b < 2 * n; ++b) {
        if (base_[b] >= 0 && parent_[b] == -1 && label_[b] == 2 && (!have || dual_[b] < delta)) {
          delta = dual_[b];
          have = true;
          kind = 4;
          delta_blossom = static_cast<int>(b);
        }
      }
      if (!have) return;  // nothing can change: no (perfect) matching improves on this one
      for (int v : active_list_) {
        const auto vi = static_cast<std::size_t>(v);
        const int l = label_[static_cast<std::size_t>(in_blossom_[vi])];
        if (l == 1) dual_[vi] -= delta;
        if (l == 2) dual_[vi] += delta;
      }
      for (std::size_t b = n; b < 2 * n; ++b) {
        if (base_[b] >= 0 && parent_[b] == -1) {
          if (label_[b] == 1) dual_[b] += delta;
          if (label_[b] == 2) dual_[b] -= delta;
        }
      }
      if (kind == 1) return;  // the free vertices' duals reached zero: optimal
      if (kind == 2) {
        auto [i, j] = delta_edge;
        if (label_[static_cast<std::size_t>(in_blossom_[static_cast<std::size_t>(i)])] == 0) std::swap(i, j);
        queue_.push_back(i);
      } else if (kind == 3) {
        queue_.push_back(delta_edge.first);
      } else {
        expand_blossom(delta_blossom, false);
#ifdef BG_MATCHING_DEBUG
        check_structure("expand");
#endif
      }
    }
    // S blossoms whose dual is zero may be expanded or kept: both keep the duals feasible. A
    // solve from scratch expands them (the textbook's bound on the number of stages); warm
    // starts keep them, or every single-root stage would rebuild the same blossoms over the
    // many equal-weight edges of the players far below the bracket.
    if (!single_root) {
      for (std::size_t b = n; b < 2 * n; ++b) {
        if (parent_[b] == -1 && base_[b] >= 0 && label_[b] == 1 && dual_[b].is_zero()) expand_blossom(static_cast<int>(b), true);
      }
    }
  }
}

// Augments along the tree path from S vertex v to its root and the tight edge (v, w), where
// w's top-level blossom is unlabelled with a free base.
template <typename Weight>
void WeightedMatching<Weight>::augment_to_free(int v, int w) {
  const int bw = in_blossom_[static_cast<std::size_t>(w)];
  if (bw >= n_) augment_blossom(bw, w);
  int s = v;
  int j = w;
  while (true) {
    const int bs = in_blossom_[static_cast<std::size_t>(s)];
    if (bs >= n_) augment_blossom(bs, s);
    mate_[static_cast<std::size_t>(s)] = j;
    mate_[static_cast<std::size_t>(j)] = s;
    if (label_out_[static_cast<std::size_t>(bs)] == -1) break;
    const int t = label_out_[static_cast<std::size_t>(bs)];
    const int bt = in_blossom_[static_cast<std::size_t>(t)];
    s = label_out_[static_cast<std::size_t>(bt)];
    j = label_in_[static_cast<std::size_t>(bt)];
    if (bt >= n_) augment_blossom(bt, j);
  }
}

template <typename Weight>
const std::vector<int>& WeightedMatching<Weight>::solve() {
  reset();
  if (mode_ == Mode::maximum_weight) {
    run_stages();
    return mate_;
  }
  // Perfect mode: duals need no sign, so each vertex can start at its own heaviest edge, and
  // the edges tight from the start are matched greedily before the stages find the rest.
  for (int v : active_list_) {
    Weight heaviest{};
    for (int j : active_list_) {
      const Weight& w = twice_[index(v, j)];
      if (heaviest < w) heaviest = w;
    }
    heaviest >>= 1;
    dual_[static_cast<std::size_t>(v)] = heaviest;
  }
  for (int v : active_list_) {
    if (mate_[static_cast<std::size_t>(v)] != -1) continue;
    for (int j : active_list_) {
      if (j != v && mate_[static_cast<std::size_t>(j)] == -1 && has_edge(v, j) && slack(v, j).is_zero()) {
        mate_[static_cast<std::size_t>(v)] = j;
        mate_[static_cast<std::size_t>(j)] = v;
        break;
      }
    }
  }
  // Trees grow from every free vertex at once, and an edge between two of them closes with half
  // its slack taken from each side: the free vertices need duals of one parity (every vertex
  // reached along tight edges then shares it), or that half would not be whole. Raising a
  // free vertex's dual keeps every edge feasible.
  for (int v : active_list_) {
    Weight& dual = dual_[static_cast<std::size_t>(v)];
    if (mate_[static_cast<std::size_t>(v)] == -1 && (dual.limb[0] & 1u) != 0) dual += Weight(1);
  }
  run_stages();
  return mate_;
}

// Takes x out of every blossom, one level at a time from the top: each blossom on the way is
// expanded with its dual moved onto its vertices (every edge stays feasible, every edge inside
// it as tight as it was), its children become top-level blossoms as they are, and the one
// matched edge that left it through its base, now not tight, is unmatched. Blossoms beside the
// path stay whole, so little has to be rebuilt.
template <typename Weight>
void WeightedMatching<Weight>::dissolve_path(int x) {
  std::vector<int> members;
  while (true) {
    const int b = in_blossom_[static_cast<std::size_t>(x)];
    if (b == x) return;
    const auto bi = static_cast<std::size_t>(b);
    members.clear();
    leaves(b, members);
    if (!dual_[bi].is_zero()) {
      for (int v : members) dual_[static_cast<std::size_t>(v)] += dual_[bi];
    }
    const int base = base_[bi];
    for (int child : children_[bi]) {
      parent_[static_cast<std::size_t>(child)] = -1;
      if (child < n_) {
        in_blossom_[static_cast<std::size_t>(child)] = child;
      } else {
        std::vector<int> inside;
        leaves(child, inside);
        for (int v : inside) in_blossom_[static_cast<std::size_t>(v)] = child;
      }
    }
    recycle_blossom(b);
    const int m = mate_[static_cast<std::size_t>(base)];
    if (m >= 0 && !slack(base, m).is_zero()) {
      mate_[static_cast<std::size_t>(base)] = -1;
      mate_[static_cast<std::size_t>(m)] = -1;
    }
  }
}

// Raises x's dual until every edge at x is feasible (x belongs to no blossom).
template <typename Weight>
void WeightedMatching<Weight>::raise_dual(int x) {
  Weight& ux = dual_[static_cast<std::size_t>(x)];
  for (int j : active_list_) {
    if (j == x || !has_edge(x, j)) continue;
    const Weight& twice = twice_[index(x, j)];
    const Weight sum = ux + dual_[static_cast<std::size_t>(j)];  // may be below zero
    if (signed_less(sum, twice)) ux += twice - sum;
  }
}

template <typename Weight>
const std::vector<int>& WeightedMatching<Weight>::update(const std::vector<int>& changed) {
  for (int x : changed) {
    if (active(x)) dissolve_path(x);
  }
  for (int x : changed) {
    if (!active(x)) continue;
    const int m = mate_[static_cast<std::size_t>(x)];
    if (m >= 0) {
      mate_[static_cast<std::size_t>(m)] = -1;
      mate_[static_cast<std::size_t>(x)] = -1;
    }
  }
  for (int x : changed) {
    if (active(x)) raise_dual(x);
  }
  run_stages(true);
  return mate_;
}

template <typename Weight>
void WeightedMatching<Weight>::retire(int a, int b) {
  dissolve_path(a);
  dissolve_path(b);
  mate_[static_cast<std::size_t>(a)] = b;
  mate_[static_cast<std::size_t>(b)] = a;
  active_[static_cast<std::size_t>(a)] = active_[static_cast<std::size_t>(b)] = 0;
  active_list_.erase(std::remove_if(active_list_.begin(), active_list_.end(), [&](int v) { return v == a || v == b; }),
                     active_list_.end());
  // Dissolving may have freed other vertices: match them again.
  run_stages(true);
}

template <typename Weight>
bool WeightedMatching<Weight>::tight(int i, int j) const {
  if (!has_edge(i, j)) return false;
  Weight s = dual_[static_cast<std::size_t>(i)] + dual_[static_cast<std::size_t>(j)];
  if (in_blossom_[static_cast<std::size_t>(i)] == in_blossom_[static_cast<std::size_t>(j)]) {
    // Blossoms holding both ends count twice.
    for (int b = parent_[static_cast<std::size_t>(i)]; b != -1; b = parent_[static_cast<std::size_t>(b)]) {
      bool holds_j = false;
      for (int c = parent_[static_cast<std::size_t>(j)]; c != -1 && !holds_j; c = parent_[static_cast<std::size_t>(c)]) holds_j = c == b;
      if (holds_j) {
        s += dual_[static_cast<std::size_t>(b)];
        s += dual_[static_cast<std::size_t>(b)];
      }
    }
  }
  return s == twice_[index(i, j)];
}

template <typename Weight>
bool WeightedMatching<Weight>::verify_optimum() const {
  // Blossom duals count twice for an edge with both ends inside.
  auto chain_of = [&](int v) {
    std::vector<int> chain;
    for (int b = parent_[static_cast<std::size_t>(v)]; b != -1; b = parent_[static_cast<std::size_t>(b)]) chain.push_back(b);
    return chain;
  };
  for (int i : active_list_) {
    for (int j : active_list_) {
      if (j <= i || !has_edge(i, j)) continue;
      Weight s = dual_[static_cast<std::size_t>(i)] + dual_[static_cast<std::size_t>(j)];
      const auto ci = chain_of(i);
      const auto cj = chain_of(j);
      for (int b : ci) {
        if (std::find(cj.begin(), cj.end(), b) != cj.end()) {
          s += dual_[static_cast<std::size_t>(b)];
          s += dual_[static_cast<std::size_t>(b)];
        }
      }
      const Weight& twice = twice_[index(i, j)];
      if (signed_less(s, twice)) return false;
      if (mate_[static_cast<std::size_t>(i)] == j && !(s == twice)) return false;
    }
  }
  for (int v : active_list_) {
    const auto vi = static_cast<std::size_t>(v);
    if (mate_[vi] == -1 && (mode_ == Mode::perfect || !dual_[vi].is_zero())) return false;
    if (mate_[vi] >= 0 && mate_[static_cast<std::size_t>(mate_[vi])] != v) return false;
  }
  return true;
}

}  // namespace boardgames
