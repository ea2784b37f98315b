// WeightedMatching compiled for the stored weight types listed at the end of its header.
#include "tournament/weighted_matching_impl.h"

namespace boardgames {

template class WeightedMatching<WideUint<1>>;
template class WeightedMatching<WideUint<2>>;
template class WeightedMatching<WideUint<3>>;
template class WeightedMatching<WideUint<4>>;
template class WeightedMatching<WideUint<5>>;
template class WeightedMatching<WideUint<6>>;
template class WeightedMatching<WideUint<7>>;
template class WeightedMatching<WideUint<8>>;
template class WeightedMatching<WideUint<12>>;
template class WeightedMatching<WideUint<16>>;
template class WeightedMatching<WideUint<24>>;
template class WeightedMatching<WideUint<32>>;
template class WeightedMatching<WideUint<48>>;
template class WeightedMatching<WideUint<64>>;

}  // namespace boardgames
