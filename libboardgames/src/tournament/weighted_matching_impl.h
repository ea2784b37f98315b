// WeightedMatching's bodies (see weighted_matching.h). Included by weighted_matching.cpp, which
// compiles them for the stored-weight types listed in the header, and by a user of its own weight
// source (ComputedWeights), which compiles them for that source.
#pragma once

#include <algorithm>
#include <iterator>
#include <utility>

#include "tournament/weighted_matching.h"

namespace boardgames {

namespace {

// Where x stands in `list` (it is there).
template <typename T>
std::size_t position(const std::vector<T>& list, const T& x) {
  std::size_t i = 0;
  while (list[i] != x) ++i;
  return i;
}

}  // namespace

template <typename Weight, typename Weights>
WeightedMatching<Weight, Weights>::WeightedMatching(int vertices, Weights weights, Mode mode)
    : n_(vertices), mode_(mode), weights_(std::move(weights)), active_(index(vertices), 1) {
  for (Node v = 0; v < n_; ++v) active_list_.push_back(v);
  reset();
}

template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::leaves(Node b, std::vector<Node>& out) const {
  if (b < n_) {
    out.push_back(b);
    return;
  }
  for (Node child : children_[b]) leaves(child, out);
}

template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::reset() {
  const std::size_t nodes = 2 * index(n_);
  mate_.resize(index(n_), kNone);
  for (Node v : active_list_) mate_[v] = kNone;
  label_.assign(nodes, Label::none);
  breadcrumb_.assign(nodes, 0);
  label_in_.assign(nodes, kNone);
  label_out_.assign(nodes, kNone);
  in_blossom_.resize(index(n_));
  for (Node v = 0; v < n_; ++v) in_blossom_[v] = v;
  parent_.assign(nodes, kNone);
  children_.assign(nodes, {});
  links_.assign(nodes, {});
  base_.assign(nodes, kNone);
  for (Node v = 0; v < n_; ++v) base_[v] = v;
  best_edge_.assign(nodes, kNoEdge);
  if constexpr (Weights::computed) best_twice_.assign(nodes, Weight{});
  blossom_best_edges_.assign(nodes, {});
  best_edges_known_.assign(nodes, 0);
  unused_.clear();
  for (Node b = 2 * n_ - 1; b >= n_; --b) unused_.push_back(b);
  dual_.assign(nodes, Weight{});
  // Perfect mode: solve() gives each vertex its own start (no pass over every pair here).
  if (mode_ == Mode::perfect) return;
  // Every vertex starts with the largest weight as its dual: all constraints hold.
  Weight largest{};
  for (Node i : active_list_) {
    for (Node j : active_list_) {
      const Weight& w = twice(i, j);
      if (largest < w) largest = w;
    }
  }
  largest >>= 1;  // stored doubled
  for (Node v : active_list_) dual_[v] = largest;
}

// Labels the top-level blossom of w with t, reached from `from`.
template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::assign_label(Node w, Label t, Node from) {
  const Node b = in_blossom_[w];
  label_[w] = label_[b] = t;
  label_in_[w] = label_in_[b] = w;
  label_out_[w] = label_out_[b] = from;
  best_edge_[w] = best_edge_[b] = kNoEdge;
  if (t == Label::s) {
    const auto first = std::ssize(queue_);
    leaves(b, queue_);
    s_vertices_.insert(s_vertices_.end(), queue_.begin() + first, queue_.end());
  } else {
    // A T blossom's base is matched: its mate becomes S.
    const Node base = base_[b];
    assign_label(mate_[base], Label::s, base);
  }
}

// Follows the trees up from the S vertices v and w: the base of the first blossom both paths
// reach (a new blossom's base), or kNone when they reach different roots (an augmenting path).
template <typename Weight, typename Weights>
typename WeightedMatching<Weight, Weights>::Node WeightedMatching<Weight, Weights>::scan_blossom(
    Node v, Node w) {
  std::vector<Node> path;
  Node base = kNone;
  while (v != kNone || w != kNone) {
    const Node b = in_blossom_[v];
    if (breadcrumb_[b] != 0) {
      base = base_[b];
      break;
    }
    path.push_back(b);
    breadcrumb_[b] = 1;
    if (label_out_[b] == kNone) {
      v = kNone;
    } else {
      // Up through the T blossom the base is matched into, to the S vertex that labelled it.
      v = label_out_[in_blossom_[label_out_[b]]];
    }
    if (w != kNone) std::swap(v, w);
  }
  for (Node b : path) breadcrumb_[b] = 0;
  return base;
}

template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::add_blossom(Node base, Node v, Node w) {
  const Node bb = in_blossom_[base];
  Node bv = in_blossom_[v];
  Node bw = in_blossom_[w];
  const Node b = unused_.back();
  unused_.pop_back();
  base_[b] = base;
  parent_[b] = kNone;
  parent_[bb] = b;
  // The two tree paths down to the common base blossom.
  std::vector<Node> path_v;
  std::vector<Edge> edges_v;  // (inside path_v[i], inside the next blossom towards bb)
  while (bv != bb) {
    parent_[bv] = b;
    path_v.push_back(bv);
    edges_v.emplace_back(label_in_[bv], label_out_[bv]);
    bv = in_blossom_[label_out_[bv]];
  }
  std::vector<Node> path_w;
  std::vector<Edge> edges_w;
  while (bw != bb) {
    parent_[bw] = b;
    path_w.push_back(bw);
    edges_w.emplace_back(label_in_[bw], label_out_[bw]);
    bw = in_blossom_[label_out_[bw]];
  }
  // Around the cycle: bb, path_v backwards, (v, w), path_w forwards, back to bb.
  std::vector<Node>& kids = children_[b];
  std::vector<Edge>& links = links_[b];
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
  label_[b] = Label::s;
  label_in_[b] = label_in_[bb];
  label_out_[b] = label_out_[bb];
  dual_[b] = Weight{};
  std::vector<Node> members;
  leaves(b, members);
  for (Node x : members) {
    if (top_label(x) == Label::t) {
      queue_.push_back(x);
      s_vertices_.push_back(x);
    }
    in_blossom_[x] = b;
  }
  // The least-slack edge from the new blossom to each other S blossom.
  PerNode<Edge> best_to(2 * index(n_), kNoEdge);
  std::vector<Node> touched;
  auto consider = [&](Node i, Node j) {
    const Node bj = in_blossom_[j];
    if (bj == b || label_[bj] != Label::s || !has_edge(i, j)) return;
    Edge& best = best_to[bj];
    if (best == kNoEdge) {
      touched.push_back(bj);
      best = {i, j};
    } else if (slack(i, j) < slack(best)) {
      best = {i, j};
    }
  };
  for (Node kid : kids) {
    if (best_edges_known_[kid]) {
      for (const Edge& e : blossom_best_edges_[kid]) consider(e.first, e.second);
    } else {
      std::vector<Node> kid_members;
      leaves(kid, kid_members);
      // Only edges to S vertices count, and S labels last the stage: those are listed.
      for (Node i : kid_members) {
        for (Node j : s_vertices_) {
          if (j != i) consider(i, j);
        }
      }
    }
    blossom_best_edges_[kid].clear();
    best_edges_known_[kid] = 0;
    best_edge_[kid] = kNoEdge;
  }
  std::vector<Edge>& mine = blossom_best_edges_[b];
  mine.clear();
  best_edges_known_[b] = 1;
  best_edge_[b] = kNoEdge;
  for (Node bj : touched) {
    const Edge& e = best_to[bj];
    mine.push_back(e);
    if (best_edge_[b] == kNoEdge || slack(e) < best_slack(b))
      set_best(b, e, twice(e.first, e.second));
  }
}

template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::expand_blossom(Node b, bool end_of_stage) {
  // The children become top-level.
  for (Node s : children_[b]) {
    parent_[s] = kNone;
    if (s < n_) {
      in_blossom_[s] = s;
    } else if (end_of_stage && dual_[s].is_zero()) {
      expand_blossom(s, end_of_stage);
    } else {
      std::vector<Node> members;
      leaves(s, members);
      for (Node v : members) in_blossom_[v] = s;
    }
  }
  if (!end_of_stage && label_[b] == Label::t) {
    // A T blossom expands mid-stage: relabel the children on the even path from the child
    // its label came through to the base child; the rest become unlabelled (or T where one of
    // their vertices is already reached). Positions go around the cycle, `forward` or back.
    const std::vector<Node>& kids = children_[b];
    const std::vector<Edge>& links = links_[b];
    const std::size_t k = kids.size();
    const Node entry_child = in_blossom_[label_in_[b]];
    std::size_t j = position(kids, entry_child);
    const bool forward = j % 2 == 1;
    auto next = [&](std::size_t i) { return i + 1 == k ? 0 : i + 1; };
    auto previous = [&](std::size_t i) { return i == 0 ? k - 1 : i - 1; };
    auto step = [&](std::size_t i) { return forward ? next(i) : previous(i); };
    Node in = label_in_[b];
    Node out = label_out_[b];
    while (j != 0) {
      const Node child = kids[j];
      label_[in] = Label::none;
      label_[child] = Label::none;
      assign_label(in, Label::t, out);
      j = step(j);
      // The unmatched link from that S child to the next T child.
      Edge to_next;
      if (forward) {
        const Edge& e = links[j];
        to_next = {e.second, e.first};  // (inside the next T child, inside this S child)
      } else {
        to_next = links[previous(
            j)];  // first inside the child before j (the next T child), second inside child j
      }
      in = to_next.first;
      out = to_next.second;
      j = step(j);
    }
    // The base child keeps its matched edge to the outside: it is T through (in, out).
    const Node base_child = kids[0];
    label_[in] = label_[base_child] = Label::t;
    label_in_[in] = label_in_[base_child] = in;
    label_out_[in] = label_out_[base_child] = out;
    best_edge_[base_child] = kNoEdge;
    // Around the other side back to the entry child.
    j = step(j);
    while (kids[j] != entry_child) {
      const Node child = kids[j];
      if (label_[child] == Label::s) {
        j = step(j);
        continue;
      }
      std::vector<Node> members;
      leaves(child, members);
      Node reached = kNone;
      for (Node v : members) {
        if (label_[v] != Label::none) {
          reached = v;
          break;
        }
      }
      if (reached != kNone) {
        label_[reached] = Label::none;
        label_[mate_[base_[child]]] = Label::none;
        assign_label(reached, Label::t, label_out_[reached]);
      }
      j = step(j);
    }
  }
  recycle_blossom(b);
}

// Clears blossom b (its children already top-level) and makes its number free again.
template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::recycle_blossom(Node b) {
  label_[b] = Label::none;
  label_in_[b] = label_out_[b] = kNone;
  children_[b].clear();
  links_[b].clear();
  base_[b] = kNone;
  parent_[b] = kNone;
  best_edge_[b] = kNoEdge;
  blossom_best_edges_[b].clear();
  best_edges_known_[b] = 0;
  dual_[b] = Weight{};
  unused_.push_back(b);
}

// Makes v the base of blossom b (v's mate outside changes next), re-pairing the children on
// the even path from v's child to the old base child.
template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::augment_blossom(Node b, Node v) {
  Node t = v;
  while (parent_[t] != b) t = parent_[t];
  if (t >= n_) augment_blossom(t, v);
  std::vector<Node>& kids = children_[b];
  std::vector<Edge>& links = links_[b];
  const std::size_t k = kids.size();
  const std::size_t i = position(kids, t);
  auto pair_up = [&](Node a_child, Node c_child, const Edge& e) {
    // e = (inside a_child, inside c_child)
    if (a_child >= n_) augment_blossom(a_child, e.first);
    if (c_child >= n_) augment_blossom(c_child, e.second);
    mate_[e.first] = e.second;
    mate_[e.second] = e.first;
  };
  if (i % 2 == 0) {
    // Back from t's child to the base child: the pairs (i-2, i-1), (i-4, i-3), ...
    for (std::size_t s = i; s >= 2; s -= 2) pair_up(kids[s - 2], kids[s - 1], links[s - 2]);
  } else {
    // On from t's child round to the base child: the pairs (i+1, i+2), (i+3, i+4), ...
    for (std::size_t s = i + 1; s < k; s += 2) pair_up(kids[s], kids[(s + 1) % k], links[s]);
  }
  const auto shift = static_cast<std::ptrdiff_t>(i);
  std::rotate(kids.begin(), kids.begin() + shift, kids.end());
  std::rotate(links.begin(), links.begin() + shift, links.end());
  base_[b] = v;
}

// Augments along the path through edge (v, w) between two S vertices of different trees.
template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::augment_matching(Node v, Node w) {
  for (auto [s, j] : {Edge{v, w}, Edge{w, v}}) {
    while (true) {
      const Node bs = in_blossom_[s];
      if (bs >= n_) augment_blossom(bs, s);
      mate_[s] = j;
      if (label_out_[bs] == kNone) break;
      const Node bt = in_blossom_[label_out_[bs]];
      s = label_out_[bt];
      j = label_in_[bt];
      if (bt >= n_) augment_blossom(bt, j);
      mate_[j] = s;
    }
  }
}

template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::run_stages(bool single_root) {
  // A dual change can make many edges between free vertices tight at once (every S vertex's
  // dual falls together); a stage augments along one path, so the next stage first matches
  // those edges directly rather than spend a stage of its own on each.
  bool duals_changed = false;
  while (true) {
    if (!single_root && duals_changed) match_tight_free();
    duals_changed = false;
    std::fill(label_.begin(), label_.end(), Label::none);
    std::fill(best_edge_.begin(), best_edge_.end(), kNoEdge);
    for (Node b = n_; b < 2 * n_; ++b) {
      blossom_best_edges_[b].clear();
      best_edges_known_[b] = 0;
    }
    queue_.clear();
    s_vertices_.clear();
    bool any_free = false;
    for (Node v : active_list_) {
      if (mate_[v] == kNone && top_label(v) == Label::none) {
        assign_label(v, Label::s, kNone);
        any_free = true;
        if (single_root) break;
      }
    }
    if (!any_free) return;
    bool augmented = false;
    while (true) {
      while (!queue_.empty() && !augmented) {
        const Node v = queue_.back();
        queue_.pop_back();
        for (Node w : active_list_) {
          if (w == v || !has_edge(v, w)) continue;
          // v's blossom may grow while its edges are scanned.
          const Node bv = in_blossom_[v];
          const Node bw = in_blossom_[w];
          if (bv == bw) continue;
          const auto& doubled = twice(v, w);  // read once: computed weights cost a call
          Weight kslack = dual_[v] + dual_[w];
          kslack -= doubled;
          if (kslack.is_zero()) {
            if (label_[bw] == Label::none && mate_[base_[bw]] == kNone) {
              // A free vertex outside the tree (single-root stages): an augmenting path.
              augment_to_free(v, w);
              augmented = true;
              break;
            }
            if (label_[bw] == Label::none) {
              assign_label(w, Label::t, v);
            } else if (label_[bw] == Label::s) {
              const Node base = scan_blossom(v, w);
              if (base != kNone) {
                add_blossom(base, v, w);
              } else {
                augment_matching(v, w);
                augmented = true;
                break;
              }
            } else if (label_[w] == Label::none) {
              // w sits inside a T blossom: remember how it was reached.
              label_[w] = Label::t;
              label_in_[w] = w;
              label_out_[w] = v;
            }
          } else if (label_[bw] == Label::s) {
            if (best_edge_[bv] == kNoEdge || kslack < best_slack(bv)) set_best(bv, {v, w}, doubled);
          } else if (label_[w] == Label::none) {
            if (best_edge_[w] == kNoEdge || kslack < best_slack(w)) set_best(w, {v, w}, doubled);
          }
        }
      }
      if (augmented) break;
      // No tight edge left to follow: change the duals.
      DualChange kind = DualChange::none;
      Weight delta{};
      if (mode_ == Mode::maximum_weight) {
        for (Node v : active_list_) {
          if (top_label(v) != Label::s) continue;
          if (kind == DualChange::none || dual_[v] < delta) {
            delta = dual_[v];
            kind = DualChange::free_vertex_zero;
          }
        }
      }
      Edge delta_edge = kNoEdge;
      Node delta_blossom = kNone;
      for (Node v : active_list_) {
        if (top_label(v) == Label::none && best_edge_[v] != kNoEdge) {
          const Weight d = best_slack(v);
          if (kind == DualChange::none || d < delta) {
            delta = d;
            kind = DualChange::edge_to_unlabelled;
            delta_edge = best_edge_[v];
          }
        }
      }
      auto consider_s_blossom = [&](Node b) {
        if (parent_[b] == kNone && label_[b] == Label::s && best_edge_[b] != kNoEdge) {
          Weight d = best_slack(b);
          d >>= 1;
          if (kind == DualChange::none || d < delta) {
            delta = d;
            kind = DualChange::edge_between_s;
            delta_edge = best_edge_[b];
          }
        }
      };
      for (Node v : active_list_) consider_s_blossom(v);
      for (Node b = n_; b < 2 * n_; ++b) {
        if (base_[b] != kNone) consider_s_blossom(b);
      }
      for (Node b = n_; b < 2 * n_; ++b) {
        if (base_[b] != kNone && parent_[b] == kNone && label_[b] == Label::t &&
            (kind == DualChange::none || dual_[b] < delta)) {
          delta = dual_[b];
          kind = DualChange::t_blossom_zero;
          delta_blossom = b;
        }
      }
      if (kind == DualChange::none)
        return;  // nothing can change: no (perfect) matching improves on this one
      duals_changed = true;
      for (Node v : active_list_) {
        const Label l = top_label(v);
        if (l == Label::s) dual_[v] -= delta;
        if (l == Label::t) dual_[v] += delta;
      }
      for (Node b = n_; b < 2 * n_; ++b) {
        if (base_[b] != kNone && parent_[b] == kNone) {
          if (label_[b] == Label::s) dual_[b] += delta;
          if (label_[b] == Label::t) dual_[b] -= delta;
        }
      }
      switch (kind) {
        case DualChange::none:
        case DualChange::free_vertex_zero:
          return;  // the free vertices' duals reached zero: optimal
        case DualChange::edge_to_unlabelled: {
          auto [i, j] = delta_edge;
          if (top_label(i) == Label::none) std::swap(i, j);
          queue_.push_back(i);
          break;
        }
        case DualChange::edge_between_s:
          queue_.push_back(delta_edge.first);
          break;
        case DualChange::t_blossom_zero:
          expand_blossom(delta_blossom, false);
          break;
      }
    }
    // S blossoms whose dual is zero may be expanded or kept: both keep the duals feasible. A
    // solve from scratch expands them (the textbook's bound on the number of stages); warm
    // starts keep them, or every single-root stage would rebuild the same blossoms over the
    // many equal-weight edges of the players far below the bracket.
    if (!single_root) {
      for (Node b = n_; b < 2 * n_; ++b) {
        if (parent_[b] == kNone && base_[b] != kNone && label_[b] == Label::s && dual_[b].is_zero())
          expand_blossom(b, true);
      }
    }
  }
}

// Augments along the tree path from S vertex v to its root and the tight edge (v, w), where
// w's top-level blossom is unlabelled with a free base.
template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::augment_to_free(Node v, Node w) {
  const Node bw = in_blossom_[w];
  if (bw >= n_) augment_blossom(bw, w);
  Node s = v;
  Node j = w;
  while (true) {
    const Node bs = in_blossom_[s];
    if (bs >= n_) augment_blossom(bs, s);
    mate_[s] = j;
    mate_[j] = s;
    if (label_out_[bs] == kNone) break;
    const Node bt = in_blossom_[label_out_[bs]];
    s = label_out_[bt];
    j = label_in_[bt];
    if (bt >= n_) augment_blossom(bt, j);
  }
}

// Matches free vertices that are not in a blossom along tight edges between them, greedily.
template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::match_tight_free() {
  for (Node v : active_list_) {
    if (mate_[v] != kNone || in_blossom_[v] != v) continue;
    for (Node j : active_list_) {
      if (j != v && mate_[j] == kNone && in_blossom_[j] == j && has_edge(v, j) &&
          slack(v, j).is_zero()) {
        mate_[v] = j;
        mate_[j] = v;
        break;
      }
    }
  }
}

// Perfect mode: duals need no sign, so a vertex may start at any dual that keeps its edges
// feasible (dual[i] + dual[j] ≥ 2·weight(i, j)). Each starts at its heaviest edge, then is
// lowered, one after the other, as far as its edges allow (never below zero): where an edge
// stops it, it ends tight with that edge's other end, for match_tight_free to use. (At their
// heaviest edges alone, a bracket of 676 players matched with the 662 below it had 6 of its
// 1,338 vertices matched at the start; a McMahon round of 800 players: 2.6 s of solving, 1.7 s
// lowered.)
template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::start_duals() {
  for (Node v : active_list_) {
    Weight heaviest{};
    for (Node j : active_list_) {
      const Weight& w = twice(v, j);
      if (heaviest < w) heaviest = w;
    }
    heaviest >>= 1;
    dual_[v] = heaviest;
  }
  for (Node v : active_list_) {
    Weight least{};
    bool bounded = false;
    for (Node j : active_list_) {
      if (j == v || !has_edge(v, j)) continue;
      const auto& doubled = twice(v, j);
      if (doubled < dual_[j]) continue;  // holds at any dual v can have (never below zero)
      Weight needed = doubled;
      needed -= dual_[j];
      if (!bounded || least < needed) least = needed;
      bounded = true;
    }
    if (bounded && least < dual_[v]) dual_[v] = least;
  }
}

template <typename Weight, typename Weights>
const std::vector<int>& WeightedMatching<Weight, Weights>::solve() {
  reset();
  if (mode_ == Mode::maximum_weight) {
    run_stages();
    return mate_;
  }
  start_duals();
  match_tight_free();
  // Trees grow from every free vertex at once, and an edge between two of them closes with half
  // its slack taken from each side: the free vertices need duals of one parity (every vertex
  // reached along tight edges then shares it), or that half would not be whole. Raising a
  // free vertex's dual keeps every edge feasible.
  for (Node v : active_list_) {
    Weight& dual = dual_[v];
    if (mate_[v] == kNone && (dual.limb[0] & 1u) != 0) dual += Weight(1);
  }
  run_stages();
  return mate_;
}

// Takes x out of every blossom, one level at a time from the top: each blossom on the way is
// expanded with its dual moved onto its vertices (every edge stays feasible, every edge inside
// it as tight as it was), its children become top-level blossoms as they are, and the one
// matched edge that left it through its base, now not tight, is unmatched. Blossoms beside the
// path stay whole, so little has to be rebuilt.
template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::dissolve_path(Node x) {
  std::vector<Node> members;
  while (true) {
    const Node b = in_blossom_[x];
    if (b == x) return;
    members.clear();
    leaves(b, members);
    if (!dual_[b].is_zero()) {
      for (Node v : members) dual_[v] += dual_[b];
    }
    const Node base = base_[b];
    for (Node child : children_[b]) {
      parent_[child] = kNone;
      if (child < n_) {
        in_blossom_[child] = child;
      } else {
        std::vector<Node> inside;
        leaves(child, inside);
        for (Node v : inside) in_blossom_[v] = child;
      }
    }
    recycle_blossom(b);
    const Node m = mate_[base];
    if (m != kNone && !slack(base, m).is_zero()) {
      mate_[base] = kNone;
      mate_[m] = kNone;
    }
  }
}

// Raises x's dual until every edge at x is feasible (x belongs to no blossom).
template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::raise_dual(Node x) {
  Weight& ux = dual_[x];
  for (Node j : active_list_) {
    if (j == x || !has_edge(x, j)) continue;
    const Weight& doubled = twice(x, j);
    const Weight sum = ux + dual_[j];  // may be below zero
    if (signed_less(sum, doubled)) ux += doubled - sum;
  }
}

template <typename Weight, typename Weights>
const std::vector<int>& WeightedMatching<Weight, Weights>::update(const std::vector<int>& changed) {
  for (Node x : changed) {
    if (active(x)) dissolve_path(x);
  }
  for (Node x : changed) {
    if (!active(x)) continue;
    const Node m = mate_[x];
    if (m != kNone) {
      mate_[m] = kNone;
      mate_[x] = kNone;
    }
  }
  for (Node x : changed) {
    if (active(x)) raise_dual(x);
  }
  run_stages(true);
  return mate_;
}

template <typename Weight, typename Weights>
void WeightedMatching<Weight, Weights>::retire(int a, int b) {
  dissolve_path(a);
  dissolve_path(b);
  mate_[a] = b;
  mate_[b] = a;
  active_[a] = active_[b] = 0;
  active_list_.erase(std::remove_if(active_list_.begin(), active_list_.end(),
                                    [&](Node v) { return v == a || v == b; }),
                     active_list_.end());
  // Dissolving may have freed other vertices: match them again.
  run_stages(true);
}

template <typename Weight, typename Weights>
bool WeightedMatching<Weight, Weights>::tight(int i, int j) const {
  if (!has_edge(i, j)) return false;
  Weight s = dual_[i] + dual_[j];
  if (in_blossom_[i] == in_blossom_[j]) {
    // Blossoms holding both ends count twice.
    for (Node b = parent_[i]; b != kNone; b = parent_[b]) {
      bool holds_j = false;
      for (Node c = parent_[j]; c != kNone && !holds_j; c = parent_[c]) holds_j = c == b;
      if (holds_j) {
        s += dual_[b];
        s += dual_[b];
      }
    }
  }
  return s == twice(i, j);
}

template <typename Weight, typename Weights>
bool WeightedMatching<Weight, Weights>::verify_optimum() const {
  // Blossom duals count twice for an edge with both ends inside.
  auto chain_of = [&](Node v) {
    std::vector<Node> chain;
    for (Node b = parent_[v]; b != kNone; b = parent_[b]) chain.push_back(b);
    return chain;
  };
  for (Node i : active_list_) {
    for (Node j : active_list_) {
      if (j <= i || !has_edge(i, j)) continue;
      Weight s = dual_[i] + dual_[j];
      const auto ci = chain_of(i);
      const auto cj = chain_of(j);
      for (Node b : ci) {
        if (std::find(cj.begin(), cj.end(), b) != cj.end()) {
          s += dual_[b];
          s += dual_[b];
        }
      }
      const Weight& doubled = twice(i, j);
      if (signed_less(s, doubled)) return false;
      if (mate_[i] == j && !(s == doubled)) return false;
    }
  }
  for (Node v : active_list_) {
    if (mate_[v] == kNone && (mode_ == Mode::perfect || !dual_[v].is_zero())) return false;
    if (mate_[v] != kNone && mate_[mate_[v]] != v) return false;
  }
  return true;
}

template <typename Weight, typename Weights>
bool WeightedMatching<Weight, Weights>::verify_structure() const {
  // Whether node x lies in blossom b (or is b).
  auto inside = [&](Node b, Node x) {
    for (Node t = x; t != kNone; t = parent_[t]) {
      if (t == b) return true;
    }
    return false;
  };
  for (Node v = 0; v < n_; ++v) {
    Node top = v;
    while (parent_[top] != kNone) top = parent_[top];
    if (in_blossom_[v] != top) return false;
  }
  for (Node b = n_; b < 2 * n_; ++b) {
    if (base_[b] == kNone) continue;
    const std::vector<Node>& kids = children_[b];
    const std::vector<Edge>& links = links_[b];
    const std::size_t k = kids.size();
    if (k < 3 || k % 2 == 0 || links.size() != k) return false;
    for (std::size_t i = 0; i < k; ++i) {
      if (parent_[kids[i]] != b) return false;
      if (!inside(kids[i], links[i].first) || !inside(kids[(i + 1) % k], links[i].second))
        return false;
    }
    if (!inside(kids[0], base_[b])) return false;
  }
  return true;
}

}  // namespace boardgames
