# Messages that cite the right source (issue 42, item 19): the `alfven` program with bad input
# must name the option, key, file or path that is wrong, and what it accepts. Included by
# CMakeLists.txt in this folder.
set(_messages ${CMAKE_CURRENT_BINARY_DIR}/cli_messages)
file(MAKE_DIRECTORY ${_messages})

# A geometry error of a body given with --set cited `built-in:uniform_flow:1`.
add_test(NAME cli.messages.geometry_set_on_the_command_line_cites_the_override
         COMMAND alfven run uniform_flow --set "bodies=[{geometry: {sphere: {radius: -1}}}]"
                 -o ${_messages}/geometry_set)
set_tests_properties(cli.messages.geometry_set_on_the_command_line_cites_the_override PROPERTIES
  PASS_REGULAR_EXPRESSION
  "alfven: error: bodies\\[0\\]\\.geometry: --set bodies=\\[{geometry: {sphere: {radius: -1}}}\\]: make_sphere: radius must be > 0"
  FAIL_REGULAR_EXPRESSION "built-in:")

# `--set bodies[0].wall=...` got "unknown key; did you mean `bodies`?": the entry is now set (and
# the wall then checked: no_slip needs a viscosity), citing the override.
add_test(NAME cli.messages.set_names_an_entry_of_a_list_by_index
         COMMAND alfven run uniform_flow --set bodies[0].wall=no_slip -o ${_messages}/index)
set_tests_properties(cli.messages.set_names_an_entry_of_a_list_by_index PROPERTIES
  PASS_REGULAR_EXPRESSION
  "alfven: error: --set bodies\\[0\\]\\.wall=no_slip: bodies\\[0\\]\\.wall: no_slip needs a physical viscosity"
  FAIL_REGULAR_EXPRESSION "did you mean")

# A bad --walltime was reported as `--set io.walltime=...`.
add_test(NAME cli.messages.walltime_errors_name_the_option
         COMMAND alfven run uniform_flow --walltime 99:99 -o ${_messages}/walltime)
set_tests_properties(cli.messages.walltime_errors_name_the_option PROPERTIES
  PASS_REGULAR_EXPRESSION
  "alfven: error: --walltime 99:99: expected a wall-time limit HH:MM:SS .*got \"99:99\""
  FAIL_REGULAR_EXPRESSION "io\\.walltime")

# A beam centre off the face was reported against radiation.beam.radius (and the file's line).
add_test(NAME cli.messages.beam_centre_off_its_face_names_the_centre
         COMMAND alfven run searchlight --set radiation.beam.centre=[5,5,5] -o ${_messages}/beam)
set_tests_properties(cli.messages.beam_centre_off_its_face_names_the_centre PROPERTIES
  PASS_REGULAR_EXPRESSION
  "alfven: error: --set radiation\\.beam\\.centre=\\[5,5,5\\]: radiation\\.beam\\.centre: the beam's centre \\[5, 5, 5\\] lies off its face"
  FAIL_REGULAR_EXPRESSION "beam\\.radius")

# A mesh with one corner at 1e38 (tests/data/meshes/outlier_vertex.stl) said "no triangle left
# after cleaning"; the vertex, a triangle of it, its position and the file are now named.
add_test(NAME cli.messages.mesh_vertex_far_from_the_rest_is_named
         COMMAND alfven run uniform_flow --set
                 "bodies=[{geometry: {mesh: {file: ${PROJECT_SOURCE_DIR}/tests/data/meshes/outlier_vertex.stl}}}]"
                 -o ${_messages}/outlier)
set_tests_properties(cli.messages.mesh_vertex_far_from_the_rest_is_named PROPERTIES
  PASS_REGULAR_EXPRESSION
  "mesh '[^']*outlier_vertex\\.stl': vertex 3 \\(a corner of triangle 1\\) at \\(0, 0, 1e\\+38\\)"
  FAIL_REGULAR_EXPRESSION "no triangle left")

# An export into a folder that cannot be created printed the library's raw "filesystem error".
# A path under a regular file (ENOTDIR) fails the same way as a read-only file system, also as
# root.
add_test(NAME cli.messages.export_names_the_folder_it_cannot_create
         COMMAND sh -c "\"$0\" run -q orszag_tang --set grid.i_size=8 --set grid.j_size=8 --set time.tend=0.01 --set time.dt_output=0.01 -o \"$1/run\" > /dev/null && \"$0\" export --to miso \"$1/run\" \"$1/run/config.yaml/miso\""
                 $<TARGET_FILE:alfven> ${_messages}/export)
set_tests_properties(cli.messages.export_names_the_folder_it_cannot_create PROPERTIES
  PASS_REGULAR_EXPRESSION
  "alfven: error: export: cannot create the folder '[^']*/run/config\\.yaml/miso' \\(Not a directory\\): '[^']*/run/config\\.yaml' is a file, not a folder; choose another OUT_DIR"
  FAIL_REGULAR_EXPRESSION "filesystem error")

# `eos-table saha-hydrogen --energy 1:10:5` was refused for a pressure that does not rise, without
# the energies the model gives.
add_test(NAME cli.messages.eos_table_says_which_energies_it_gives
         COMMAND alfven eos-table saha-hydrogen --energy 1:10:5 -o ${_messages}/saha.h5)
set_tests_properties(cli.messages.eos_table_says_which_energies_it_gives PROPERTIES
  PASS_REGULAR_EXPRESSION
  "alfven: error: Saha hydrogen table: internal energies 1 to 10 erg g\\^-1 reach outside what the model gives at densities 1e-12 to 0\\.01 g cm\\^-3: 1\\.23747e\\+08 to 2\\.47495e\\+18 erg g\\^-1")
