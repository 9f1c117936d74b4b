// XDMF 2 index of a run's snapshots. Reference: the XDMF model and format,
// https://www.xdmf.org/index.php/XDMF_Model_and_Format (Topology 3DCoRectMesh, Geometry
// ORIGIN_DXDYDZ with values in z, y, x order; Temporal collections).
#include "alfven/io/xdmf.hpp"

#include <cstdio>
#include <sstream>

#include "alfven/core/error.hpp"
#include "atomic_file.hpp"

namespace alfven {
namespace io {
namespace {

/// `s` with the five XML special characters replaced by entities (for attribute values and text).
std::string xml_escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

/// A double with enough digits to read back exactly.
std::string exact(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

}  // namespace

void write_xdmf(const std::string& xdmf_path, const GridInfo& grid, DataType type,
                const std::vector<std::string>& field_names,
                const std::vector<std::pair<std::string, double>>& snapshots, XdmfCentring centring,
                const std::vector<std::string>& vectors) {
  for (int a = 0; a < 3; ++a)
    ALFVEN_REQUIRE(grid.n[a] >= 1 && grid.hi[a] > grid.lo[a],
                   "XDMF index '" << xdmf_path << "': invalid grid along axis " << a);
  const int nx = grid.n[0], ny = grid.n[1], nz = grid.n[2];
  const std::string precision = type == DataType::Float32 ? "4" : "8";
  const bool node = centring == XdmfCentring::Node;
  const int extra = node ? 0 : 1;  // nodes per axis beyond the cell count
  double origin[3];
  for (int a = 0; a < 3; ++a) origin[a] = node ? cell_centre(grid, a, 0) : grid.lo[a];

  std::ostringstream os;
  os << "<?xml version=\"1.0\" ?>\n"
     << "<!DOCTYPE Xdmf SYSTEM \"Xdmf.dtd\" []>\n"
     << "<Xdmf Version=\"2.0\" xmlns:xi=\"http://www.w3.org/2001/XInclude\">\n"
     << "  <Domain>\n"
     << "    <Grid Name=\"TimeSeries\" GridType=\"Collection\" CollectionType=\"Temporal\">\n";
  for (std::size_t s = 0; s < snapshots.size(); ++s) {
    const std::string file = xml_escape(snapshots[s].first);
    os << "      <Grid Name=\"snapshot_" << s << "\" GridType=\"Uniform\">\n"
       << "        <Time Value=\"" << exact(snapshots[s].second) << "\"/>\n"
       << "        <Topology TopologyType=\"3DCoRectMesh\" Dimensions=\"" << nz + extra << " "
       << ny + extra << " " << nx + extra << "\"/>\n"
       << "        <Geometry GeometryType=\"ORIGIN_DXDYDZ\">\n"
       << "          <DataItem Name=\"Origin\" Dimensions=\"3\" NumberType=\"Float\" "
          "Precision=\"8\" Format=\"XML\">"
       << exact(origin[2]) << " " << exact(origin[1]) << " " << exact(origin[0]) << "</DataItem>\n"
       << "          <DataItem Name=\"Spacing\" Dimensions=\"3\" NumberType=\"Float\" "
          "Precision=\"8\" Format=\"XML\">"
       << exact(cell_width(grid, 2)) << " " << exact(cell_width(grid, 1)) << " "
       << exact(cell_width(grid, 0)) << "</DataItem>\n"
       << "        </Geometry>\n";
    for (const std::string& name : field_names) {
      const std::string n = xml_escape(name);
      os << "        <Attribute Name=\"" << n << "\" AttributeType=\"Scalar\" Center=\""
         << (node ? "Node" : "Cell") << "\">\n"
         << "          <DataItem Dimensions=\"" << nz << " " << ny << " " << nx
         << "\" NumberType=\"Float\" Precision=\"" << precision << "\" Format=\"HDF\">" << file
         << ":/" << n << "</DataItem>\n"
         << "        </Attribute>\n";
    }
    // Vectors: 3-component datasets (nz, ny, nx, 3) (virtual, over the components), which
    // ParaView's Xdmf3 readers show as vectors (they ignore the JOIN functions of XDMF 2).
    for (const std::string& name : vectors) {
      const std::string n = xml_escape(name);
      os << "        <Attribute Name=\"" << n << "\" AttributeType=\"Vector\" Center=\""
         << (node ? "Node" : "Cell") << "\">\n"
         << "          <DataItem Dimensions=\"" << nz << " " << ny << " " << nx
         << " 3\" NumberType=\"Float\" Precision=\"" << precision << "\" Format=\"HDF\">" << file
         << ":/" << n << "</DataItem>\n"
         << "        </Attribute>\n";
    }
    os << "      </Grid>\n";
  }
  os << "    </Grid>\n"
     << "  </Domain>\n"
     << "</Xdmf>\n";
  detail::write_file_atomically(xdmf_path, os.str(), "XDMF index");
}

}  // namespace io
}  // namespace alfven
