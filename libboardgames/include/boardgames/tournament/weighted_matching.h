// Maximum-weight matching in a general graph (Edmonds' blossom algorithm, primal-dual, O(n³)).
//
// The Dutch Swiss system ranks candidate pairings by a long list of criteria in strict
// priority; packed into one edge weight (WideUint), the best pairing is a maximum-weight
// matching. The graph is dense (most players may meet most others), so weights live in an
// n×n matrix; weight zero means "no edge".
//
// The algorithm keeps a dual value per vertex and per blossom (odd set contracted into one
// node) and grows alternating trees from the free vertices along tight edges (zero slack),
// changing the duals when no tight edge is left:
//   slack(i, j) = dual[i] + dual[j] − 2·weight(i, j)   (edges between different blossoms)
// Weights enter doubled so that every dual change stays an integer. The structure follows
// the textbook presentation (Galil, "Efficient algorithms for finding maximum matching in
// graphs", 1986): labels S (outer) and T (inner), four kinds of dual change, blossoms made when
// an edge joins two S vertices of one tree and expanded when a T blossom's dual reaches zero.
//
// Two modes. Maximum weight: any matching, free vertices allowed (their duals end at zero).
// Perfect: a perfect matching of maximum weight (the caller adds a dummy vertex to an odd
// graph). Perfect mode can re-optimize after a few vertices' edges change (`update`): blossoms
// holding a changed vertex are dissolved with their duals moved onto their vertices, the
// changed vertices are unmatched and their duals raised until every edge is feasible again,
// and the usual stages re-augment — one or two augmentations instead of a solve from scratch.
// A pair that is settled for good can be retired from the graph.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace boardgames {

template <typename Weight>
class WeightedMatching {
 public:
  enum class Mode { maximum_weight, perfect };

  explicit WeightedMatching(int vertices, Mode mode = Mode::maximum_weight)
      : n_(vertices), mode_(mode), twice_(static_cast<std::size_t>(vertices) * static_cast<std::size_t>(vertices)),
        edge_(static_cast<std::size_t>(vertices) * static_cast<std::size_t>(vertices), 0),
        active_(static_cast<std::size_t>(vertices), 1) {
    for (int v = 0; v < n_; ++v) active_list_.push_back(v);
    reset();
  }

  int size() const { return n_; }
  Weight weight(int i, int j) const { return twice_[index(i, j)] >> 1; }
  void set_weight(int i, int j, const Weight& w) {
    const Weight twice = w + w;
    twice_[index(i, j)] = twice;
    twice_[index(j, i)] = twice;
    edge_[index(i, j)] = edge_[index(j, i)] = twice.is_zero() ? 0 : 1;
  }
  // Removes every edge of vertex v.
  void clear_vertex(int v) {
    for (int j = 0; j < n_; ++j) {
      if (j != v) set_weight(v, j, Weight{});
    }
  }

  // A maximum-weight matching: mate[v] is v's partner, or -1 (in perfect mode, -1 only when
  // no perfect matching exists). Solves from scratch (perfect mode: from each vertex's heaviest
  // edge as its dual, with the edges tight from the start matched greedily).
  const std::vector<int>& solve();
  // Perfect mode, after solve(): re-optimizes once the weights of edges with an endpoint in
  // `changed` have been set.
  const std::vector<int>& update(const std::vector<int>& changed);
  // Perfect mode: takes the matched pair (a, b) out of the graph for good; the rest stays
  // optimal.
  void retire(int a, int b);
  bool active(int v) const { return active_[static_cast<std::size_t>(v)] != 0; }
  // Whether the edge (i, j) is tight under the current duals (blossom duals included). Any
  // optimal matching uses tight edges only (complementary slackness, for every optimal dual
  // solution), so an edge that is not tight is in no optimal matching.
  bool tight(int i, int j) const;
  const std::vector<int>& mate() const { return mate_; }

  // Checks the optimality conditions of the last solution (tests): every edge's slack is
  // non-negative, matched edges are tight, free vertices and non-full blossoms have zero dual.
  bool verify_optimum() const;

 private:
  using Edge = std::pair<int, int>;
  static constexpr Edge kNoEdge{-1, -1};

  std::size_t index(int i, int j) const { return static_cast<std::size_t>(i) * static_cast<std::size_t>(n_) + static_cast<std::size_t>(j); }
  bool has_edge(int i, int j) const { return edge_[index(i, j)] != 0; }
  Weight slack(int i, int j) const {
    Weight s = dual_[static_cast<std::size_t>(i)] + dual_[static_cast<std::size_t>(j)];
    s -= twice_[index(i, j)];
    return s;
  }
  Weight slack(const Edge& e) const { return slack(e.first, e.second); }

  void leaves(int b, std::vector<int>& out) const;
  void assign_label(int w, int t, int from);
  int scan_blossom(int v, int w);
  void add_blossom(int base, int v, int w);
  void expand_blossom(int b, bool end_of_stage);
  void recycle_blossom(int b);
  void augment_blossom(int b, int v);
  void augment_matching(int v, int w);
  void augment_to_free(int v, int w);
  void reset();
  // `single_root`: each stage grows one alternating tree, from one free vertex, until it meets
  // another free vertex (perfect mode, after a warm start: only the few vertices freed have to
  // find partners, and most trees stay small).
  void run_stages(bool single_root = false);
  void dissolve_path(int x);
  void raise_dual(int x);
#ifdef BG_MATCHING_DEBUG
  void check_structure(const char* where) const;
#endif

  int n_;
  Mode mode_;
  std::vector<Weight> twice_;  // n×n: each edge's weight doubled (the slack's form)
  std::vector<char> edge_;     // n×n: whether there is an edge (the scans skip non-edges without reading a weight)
  std::vector<char> active_;
  std::vector<int> active_list_;
  std::vector<int> mate_;
  // Per vertex and blossom (blossoms are numbered n..2n-1).
  std::vector<int> label_;      // 0 none, 1 S, 2 T; bit 4: breadcrumb while scanning
  std::vector<int> label_in_;   // the vertex inside that received the label
  std::vector<int> label_out_;  // the vertex outside it came from (-1: a root)
  std::vector<int> in_blossom_; // per vertex: its top-level blossom
  std::vector<int> parent_;
  std::vector<std::vector<int>> children_;  // base child first, then around the cycle
  std::vector<std::vector<Edge>> links_;    // links_[b][i] joins children i and i+1: (in i, in i+1)
  std::vector<int> base_;
  std::vector<Edge> best_edge_;
  std::vector<std::vector<Edge>> blossom_best_edges_;  // per S blossom made this stage: its least-slack edge to each other S blossom
  std::vector<char> best_edges_known_;  // that list is up to date (it may be empty)
  std::vector<Weight> dual_;
  std::vector<int> unused_;
  std::vector<int> queue_;
  std::vector<int> s_vertices_;  // vertices labelled S this stage (labels S last the stage)
};

}  // namespace boardgames

#include "boardgames/tournament/weighted_matching_impl.h"
