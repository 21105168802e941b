# arsim_sim: everything that includes SimGrid (platform, protocol, actors, engine).
arsim_library(arsim_sim
  SOURCES
  platform/platform_view.cpp
  platform/platform_defaults.cpp
  actors/reservation_desk.cpp
  actors/rm_loop.cpp
  actors/compute_rm.cpp
  actors/network_rm.cpp
  actors/job_runner.cpp
  actors/grc.cpp
  actors/user.cpp
  actors/interval_rm.cpp
  engine/catalog.cpp
  engine/setup.cpp
  engine/offline.cpp
  engine/interval_run.cpp
  engine/run_info.cpp
  engine/run_one.cpp
  engine/aggregate.cpp
  engine/runner.cpp
  LIBS PUBLIC arsim_schedulers arsim_experiments arsim_workloads arsim_metrics
       arsim_scenario PkgConfig::SIMGRID PkgConfig::CBC ${GLPK_LIBRARY} fmt::fmt)
target_include_directories(arsim_sim PUBLIC ${GLPK_INCLUDE_DIR})
target_compile_definitions(arsim_sim PRIVATE ARSIM_GIT_COMMIT="${ARSIM_GIT_COMMIT}")

add_executable(arsim main.cpp)
target_link_libraries(arsim PRIVATE arsim_sim)
set_target_properties(arsim PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
