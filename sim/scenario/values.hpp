// Text helpers of the scenario reader: trimming and list splitting (base/text.hpp), and the strict
// number parser of base/numbers.hpp (the whole text must parse, no "1.5" for an integer, numbers
// finite).
#pragma once

#include "base/numbers.hpp"
#include "base/text.hpp"

namespace arsim::scenario {

using base::split_list;
using base::split_words;
using base::trim;

using base::parse_bool;
using base::parse_double;
using base::parse_int;
using base::parse_uint64;

}  // namespace arsim::scenario
