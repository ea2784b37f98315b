// Maximum-weight matching in a general graph (Edmonds' blossom algorithm, primal-dual, O(n³)).
//
// The Dutch Swiss system ranks candidate pairings by a long list of criteria in strict
// priority; packed into one edge weight (WideUint), the best pairing is a maximum-weight
// matching. Where the weights come from is the second parameter, `Weights`:
//   StoredWeights<Weight> (the default): an n×n matrix the caller fills with set_weight; weight
//     zero means "no edge". The Dutch system changes a few vertices' edges between solves
//     (`update`), so it keeps them.
//   ComputedWeights<Weight, Cost>: every pair i ≠ j is an edge and its weight is cost(i, j),
//     asked again each time the solver reads it; nothing per pair is stored, so the solver's
//     memory is linear in n (McMahon: OpenGotha's cost from per-player data).
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
// Memory besides the weights: O(n) per-vertex and per-blossom state (duals, labels, the
// blossoms' children and links, which partition the vertices), and per S blossom made in a
// stage its least-slack edge to each other S blossom (at most one edge per pair of top-level
// blossoms of the stage: in the worst case quadratic, in practice a few edges each).
//
// Two modes. Maximum weight: any matching, free vertices allowed (their duals end at zero).
// Perfect: a perfect matching of maximum weight (the caller adds a dummy vertex to an odd
// graph). Perfect mode can re-optimize after a few vertices' edges change (`update`): blossoms
// holding a changed vertex are dissolved with their duals moved onto their vertices, the
// changed vertices are unmatched and their duals raised until every edge is feasible again,
// and the usual stages re-augment — one or two augmentations instead of a solve from scratch.
// A pair that is settled for good can be retired from the graph.
//
// Private to the library (not installed). The template's bodies are in weighted_matching_impl.h;
// weighted_matching.cpp compiles them once for each stored weight type the library uses:
// WideUint<L> for the L listed at the end of this header (a new width is one line here and one
// there). A ComputedWeights user includes weighted_matching_impl.h itself.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

#include "boardgames/core/wide_uint.h"

namespace boardgames {

// The weights stored in an n×n matrix, doubled (the slack's form), with an edge flag beside
// them (the scans skip non-edges without reading a weight). n² memory.
template <typename Weight>
class StoredWeights {
 public:
  static constexpr bool computed = false;
  explicit StoredWeights(int vertices)
      : n_(static_cast<std::size_t>(vertices)), twice_(n_ * n_), edge_(n_ * n_, 0) {}
  const Weight& twice(int i, int j) const { return twice_[cell(i, j)]; }
  bool has_edge(int i, int j) const { return edge_[cell(i, j)] != 0; }
  void set(int i, int j, const Weight& w) {
    const Weight doubled = w + w;
    twice_[cell(i, j)] = twice_[cell(j, i)] = doubled;
    edge_[cell(i, j)] = edge_[cell(j, i)] = doubled.is_zero() ? 0 : 1;
  }

 private:
  std::size_t cell(int i, int j) const {
    return static_cast<std::size_t>(i) * n_ + static_cast<std::size_t>(j);
  }
  std::size_t n_;
  std::vector<Weight> twice_;
  std::vector<char> edge_;
};

// The weights of a complete graph asked of `cost` (a callable cost(i, j) -> Weight, symmetric,
// called for i ≠ j only) every time the solver reads one: nothing per pair is stored. Every
// pair is an edge, weight zero included. The solver reads a weight many times (each scan of a
// vertex's edges, each comparison of slacks), so the cost should be cheap to compute.
template <typename Weight, typename Cost>
class ComputedWeights {
 public:
  static constexpr bool computed = true;
  explicit ComputedWeights(Cost cost) : cost_(std::move(cost)) {}
  Weight twice(int i, int j) const {
    if (i == j) return Weight{};
    const Weight w = cost_(i, j);
    return w + w;
  }
  bool has_edge(int i, int j) const { return i != j; }

 private:
  Cost cost_;
};

// Weight: an unsigned integer type with +, −, <, ==, >>, is_zero(), signed_less() and limb[0]
// (WideUint). Weights: StoredWeights<Weight> or ComputedWeights<Weight, Cost>.
template <typename Weight, typename Weights = StoredWeights<Weight>>
class WeightedMatching {
 public:
  enum class Mode { maximum_weight, perfect };

  // Stored weights, all zero (no edges) until set.
  explicit WeightedMatching(int vertices, Mode mode = Mode::maximum_weight) requires
      std::is_same_v<Weights, StoredWeights<Weight>>
      : WeightedMatching(vertices, Weights(vertices), mode) {}
  WeightedMatching(int vertices, Weights weights, Mode mode);

  int size() const { return n_; }
  Weight weight(int i, int j) const { return weights_.twice(i, j) >> 1; }
  void set_weight(int i, int j,
                  const Weight& w) requires std::is_same_v<Weights, StoredWeights<Weight>> {
    weights_.set(i, j, w);
  }
  // Removes every edge of vertex v.
  void clear_vertex(int v) requires std::is_same_v<Weights, StoredWeights<Weight>> {
    for (int j = 0; j < n_; ++j) {
      if (j != v) weights_.set(v, j, Weight{});
    }
  }

  // A maximum-weight matching: mate[v] is v's partner, or -1 (in perfect mode, -1 only when
  // no perfect matching exists). Solves from scratch (perfect mode: from each vertex's heaviest
  // edge as its dual, lowered as far as its edges allow, see start_duals, with the edges tight
  // from the start matched greedily).
  const std::vector<int>& solve();
  // Perfect mode, after solve(): re-optimizes once the weights of edges with an endpoint in
  // `changed` have been set.
  const std::vector<int>& update(const std::vector<int>& changed);
  // Perfect mode: takes the matched pair (a, b) out of the graph for good; the rest stays
  // optimal.
  void retire(int a, int b);
  bool active(int v) const { return active_[v] != 0; }
  // Whether the edge (i, j) is tight under the current duals (blossom duals included). Any
  // optimal matching uses tight edges only (complementary slackness, for every optimal dual
  // solution), so an edge that is not tight is in no optimal matching.
  bool tight(int i, int j) const;
  const std::vector<int>& mate() const { return mate_; }

  // Checks the optimality conditions of the last solution (tests): every edge's slack is
  // non-negative, matched edges are tight, free vertices and non-full blossoms have zero dual.
  bool verify_optimum() const;
  // Checks the blossom bookkeeping (tests): every blossom in use has an odd number of children
  // (three or more) whose parent it is, each link joins the two children it stands between, the
  // base lies in the first child, and each vertex's top-level blossom is its outermost one.
  bool verify_structure() const;

 private:
  // Vertices are 0..n-1 and blossoms n..2n-1, one number space; kNone stands for no node.
  using Node = int;
  static constexpr Node kNone = -1;
  // The one conversion of a node (or a count of nodes) to a std::size_t.
  static std::size_t index(Node v) { return static_cast<std::size_t>(v); }
  // A std::vector indexed by node number.
  template <typename T>
  class PerNode : public std::vector<T> {
   public:
    using std::vector<T>::vector;
    T& operator[](Node v) { return std::vector<T>::operator[](index(v)); }
    const T& operator[](Node v) const { return std::vector<T>::operator[](index(v)); }
  };
  // A node's label in the alternating trees of a stage: S (outer, even distance from a free
  // root) or T (inner, odd distance).
  enum class Label : unsigned char { none, s, t };
  enum class DualChange {
    none,
    free_vertex_zero,
    edge_to_unlabelled,
    edge_between_s,
    t_blossom_zero
  };
  using Edge = std::pair<Node, Node>;
  static constexpr Edge kNoEdge{kNone, kNone};

  bool has_edge(Node i, Node j) const { return weights_.has_edge(i, j); }
  // The doubled weight: a reference into the matrix, or a value computed now.
  decltype(auto) twice(Node i, Node j) const { return weights_.twice(i, j); }
  Weight slack(Node i, Node j) const {
    Weight s = dual_[i] + dual_[j];
    s -= twice(i, j);
    return s;
  }
  Weight slack(const Edge& e) const { return slack(e.first, e.second); }
  // The slack of node x's best edge. Computed weights keep that edge's doubled weight beside it
  // (best_twice_), so that the many comparisons with it ask for no cost.
  Weight best_slack(Node x) const {
    if constexpr (Weights::computed) {
      const Edge& e = best_edge_[x];
      Weight s = dual_[e.first] + dual_[e.second];
      s -= best_twice_[x];
      return s;
    } else {
      return slack(best_edge_[x]);
    }
  }
  void set_best(Node x, const Edge& e, const Weight& doubled) {
    best_edge_[x] = e;
    if constexpr (Weights::computed) best_twice_[x] = doubled;
  }
  Label top_label(Node v) const { return label_[in_blossom_[v]]; }

  void leaves(Node b, std::vector<Node>& out) const;
  void assign_label(Node w, Label t, Node from);
  Node scan_blossom(Node v, Node w);
  void add_blossom(Node base, Node v, Node w);
  void expand_blossom(Node b, bool end_of_stage);
  void recycle_blossom(Node b);
  void augment_blossom(Node b, Node v);
  void augment_matching(Node v, Node w);
  void augment_to_free(Node v, Node w);
  void reset();
  // Perfect mode: feasible duals to start from, close to the optimum's.
  void start_duals();
  // Matches free vertices outside blossoms along tight edges between them, greedily.
  void match_tight_free();
  // `single_root`: each stage grows one alternating tree, from one free vertex, until it meets
  // another free vertex (perfect mode, after a warm start: only the few vertices freed have to
  // find partners, and most trees stay small).
  void run_stages(bool single_root = false);
  void dissolve_path(Node x);
  void raise_dual(Node x);

  int n_;
  Mode mode_;
  Weights weights_;
  PerNode<char> active_;
  std::vector<Node> active_list_;
  PerNode<Node> mate_;
  // Per vertex and blossom (blossoms are numbered n..2n-1).
  PerNode<Label> label_;
  PerNode<char> breadcrumb_;  // set on the blossoms scan_blossom has passed, while it runs
  PerNode<Node> label_in_;    // the vertex inside that received the label
  PerNode<Node> label_out_;   // the vertex outside it came from (kNone: a root)
  PerNode<Node> in_blossom_;  // per vertex: its top-level blossom
  PerNode<Node> parent_;
  PerNode<std::vector<Node>> children_;  // base child first, then around the cycle
  PerNode<std::vector<Edge>> links_;     // links_[b][i] joins children i and i+1: (in i, in i+1)
  PerNode<Node> base_;
  PerNode<Edge> best_edge_;
  PerNode<Weight> best_twice_;  // computed weights only: best_edge_'s doubled weight
  PerNode<std::vector<Edge>> blossom_best_edges_;  // per S blossom made this stage: its least-slack
                                                   // edge to each other S blossom
  PerNode<char> best_edges_known_;                 // that list is up to date (it may be empty)
  PerNode<Weight> dual_;
  std::vector<Node> unused_;
  std::vector<Node> queue_;
  std::vector<Node> s_vertices_;  // vertices labelled S this stage (labels S last the stage)
};

// The weight types compiled in weighted_matching.cpp.
extern template class WeightedMatching<WideUint<1>>;
extern template class WeightedMatching<WideUint<2>>;
extern template class WeightedMatching<WideUint<3>>;
extern template class WeightedMatching<WideUint<4>>;
extern template class WeightedMatching<WideUint<5>>;
extern template class WeightedMatching<WideUint<6>>;
extern template class WeightedMatching<WideUint<7>>;
extern template class WeightedMatching<WideUint<8>>;
extern template class WeightedMatching<WideUint<12>>;
extern template class WeightedMatching<WideUint<16>>;
extern template class WeightedMatching<WideUint<24>>;
extern template class WeightedMatching<WideUint<32>>;
extern template class WeightedMatching<WideUint<48>>;
extern template class WeightedMatching<WideUint<64>>;

}  // namespace boardgames
