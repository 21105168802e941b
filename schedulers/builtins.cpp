#include "schedulers/builtins.hpp"



namespace arsim::schedulers {

void register_builtins(Registries& r) {

}

}  // namespace arsim::schedulers
