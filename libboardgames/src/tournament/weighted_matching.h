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
//
// Private to the library (not installed). The template's bodies are in weighted_matching.cpp,
// compiled once for each weight type the library uses: WideUint<L> for the L listed at the end
// of this header. A new width is one line here and one there.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "boardgames/core/wide_uint.h"

namespace boardgames {

// Weight: an unsigned integer type with +, −, <, ==, >>, is_zero(), signed_less() and limb[0]
// (WideUint).
template <typename Weight>
class WeightedMatching {
 public:
  enum class Mode { maximum_weight, perfect };

  explicit WeightedMatching(int vertices, Mode mode = Mode::maximum_weight);

  int size() const { return n_; }
  Weight weight(int i, int j) const { return twice_[cell(i, j)] >> 1; }
  void set_weight(int i, int j, const Weight& w) {
    const Weight twice = w + w;
    twice_[cell(i, j)] = twice;
    twice_[cell(j, i)] = twice;
    edge_[cell(i, j)] = edge_[cell(j, i)] = twice.is_zero() ? 0 : 1;
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

  std::size_t cell(Node i, Node j) const { return index(i) * index(n_) + index(j); }
  bool has_edge(Node i, Node j) const { return edge_[cell(i, j)] != 0; }
  Weight slack(Node i, Node j) const {
    Weight s = dual_[i] + dual_[j];
    s -= twice_[cell(i, j)];
    return s;
  }
  Weight slack(const Edge& e) const { return slack(e.first, e.second); }
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
  // `single_root`: each stage grows one alternating tree, from one free vertex, until it meets
  // another free vertex (perfect mode, after a warm start: only the few vertices freed have to
  // find partners, and most trees stay small).
  void run_stages(bool single_root = false);
  void dissolve_path(Node x);
  void raise_dual(Node x);

  int n_;
  Mode mode_;
  std::vector<Weight> twice_;  // n×n: each edge's weight doubled (the slack's form)
  std::vector<char>
      edge_;  // n×n: whether there is an edge (the scans skip non-edges without reading a weight)
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
