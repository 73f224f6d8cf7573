#include "x11_session.h"

#include <QStringList>

#include <xcb/xcb.h>

#include <cstdlib>
#include <cstring>
#include <memory>

namespace terrain::app::testing {

namespace {

template <typename T>
struct FreeDeleter {
    void operator()(T* p) const { std::free(p); }
};
template <typename T>
using Reply = std::unique_ptr<T, FreeDeleter<T>>;

constexpr std::uint32_t kKeysymReturn = 0xff0d;
constexpr std::uint32_t kKeysymEscape = 0xff1b;

}  // namespace

X11Session::X11Session() {
    int screenNumber = 0;
    xcb_connection_t* connection = xcb_connect(nullptr, &screenNumber);
    if (!connection || xcb_connection_has_error(connection)) {
        if (connection) xcb_disconnect(connection);
        return;
    }
    xcb_screen_iterator_t it = xcb_setup_roots_iterator(xcb_get_setup(connection));
    for (int i = 0; i < screenNumber && it.rem; ++i) xcb_screen_next(&it);
    m_connection = connection;
    m_root = it.data->root;
    m_width = it.data->width_in_pixels;
    m_height = it.data->height_in_pixels;
}

X11Session::~X11Session() {
    if (m_connection) xcb_disconnect(m_connection);
}

std::uint32_t X11Session::atom(const char* name) {
    Reply<xcb_intern_atom_reply_t> reply(xcb_intern_atom_reply(
        m_connection, xcb_intern_atom(m_connection, 0, std::uint16_t(std::strlen(name)), name),
        nullptr));
    return reply ? std::uint32_t(reply->atom) : std::uint32_t(XCB_ATOM_NONE);
}

QString X11Session::title(std::uint32_t window) {
    Reply<xcb_get_property_reply_t> reply(xcb_get_property_reply(
        m_connection,
        xcb_get_property(m_connection, 0, window, atom("_NET_WM_NAME"), atom("UTF8_STRING"), 0,
                         1024),
        nullptr));
    if (!reply) return {};
    return QString::fromUtf8(static_cast<const char*>(xcb_get_property_value(reply.get())),
                             xcb_get_property_value_length(reply.get()));
}

std::vector<X11Session::Window> X11Session::windowsOf(qint64 pid) {
    std::vector<Window> windows;
    if (!m_connection) return windows;
    Reply<xcb_query_tree_reply_t> tree(
        xcb_query_tree_reply(m_connection, xcb_query_tree(m_connection, m_root), nullptr));
    if (!tree) return windows;
    const xcb_window_t* children = xcb_query_tree_children(tree.get());
    const int count = xcb_query_tree_children_length(tree.get());
    const std::uint32_t pidAtom = atom("_NET_WM_PID");
    for (int i = 0; i < count; ++i) {
        const xcb_window_t window = children[i];
        Reply<xcb_get_window_attributes_reply_t> attributes(xcb_get_window_attributes_reply(
            m_connection, xcb_get_window_attributes(m_connection, window), nullptr));
        if (!attributes || attributes->map_state != XCB_MAP_STATE_VIEWABLE) continue;
        Reply<xcb_get_property_reply_t> owner(xcb_get_property_reply(
            m_connection,
            xcb_get_property(m_connection, 0, window, pidAtom, XCB_ATOM_CARDINAL, 0, 1), nullptr));
        if (!owner || xcb_get_property_value_length(owner.get()) != 4) continue;
        const auto value = *static_cast<const std::uint32_t*>(xcb_get_property_value(owner.get()));
        if (qint64(value) == pid) windows.push_back({window, title(window)});
    }
    return windows;
}

X11Session::Window X11Session::findWindow(qint64 pid, const QString& text) {
    for (const Window& window : windowsOf(pid)) {
        if (window.title.contains(text)) return window;
    }
    return {};
}

std::uint8_t X11Session::keycodeFor(std::uint32_t keysym) {
    const xcb_setup_t* setup = xcb_get_setup(m_connection);
    const int first = setup->min_keycode;
    const int count = setup->max_keycode - setup->min_keycode + 1;
    Reply<xcb_get_keyboard_mapping_reply_t> mapping(xcb_get_keyboard_mapping_reply(
        m_connection,
        xcb_get_keyboard_mapping(m_connection, xcb_keycode_t(first), std::uint8_t(count)),
        nullptr));
    if (!mapping) return 0;
    const xcb_keysym_t* keysyms = xcb_get_keyboard_mapping_keysyms(mapping.get());
    const int perCode = mapping->keysyms_per_keycode;
    for (int code = 0; code < count; ++code) {
        if (keysyms[code * perCode] == keysym) return std::uint8_t(first + code);
    }
    return 0;
}

bool X11Session::key(std::uint32_t window, const QString& combo) {
    if (!m_connection || !window) return false;
    std::uint16_t state = 0;
    std::uint32_t keysym = 0;
    for (const QString& part : combo.split(QLatin1Char('+'))) {
        const QString p = part.toLower();
        if (p == QLatin1String("ctrl")) {
            state |= XCB_MOD_MASK_CONTROL;
        } else if (p == QLatin1String("shift")) {
            state |= XCB_MOD_MASK_SHIFT;
        } else if (p == QLatin1String("alt")) {
            state |= XCB_MOD_MASK_1;
        } else if (p == QLatin1String("return")) {
            keysym = kKeysymReturn;
        } else if (p == QLatin1String("escape")) {
            keysym = kKeysymEscape;
        } else if (p.size() == 1 && p.at(0).isLetterOrNumber()) {
            keysym = p.at(0).unicode();  // Latin-1 keysyms are the characters
        } else {
            return false;
        }
    }
    const std::uint8_t code = keycodeFor(keysym);
    if (!code) return false;
    xcb_set_input_focus(m_connection, XCB_INPUT_FOCUS_POINTER_ROOT, window, XCB_CURRENT_TIME);
    for (const std::uint8_t type : {std::uint8_t(XCB_KEY_PRESS), std::uint8_t(XCB_KEY_RELEASE)}) {
        xcb_key_press_event_t event{};
        event.response_type = type;
        event.detail = code;
        event.time = XCB_CURRENT_TIME;
        event.root = m_root;
        event.event = window;
        event.child = XCB_NONE;
        event.state = state;
        event.same_screen = 1;
        xcb_send_event(m_connection, 0, window,
                       type == XCB_KEY_PRESS ? XCB_EVENT_MASK_KEY_PRESS
                                             : XCB_EVENT_MASK_KEY_RELEASE,
                       reinterpret_cast<const char*>(&event));
    }
    return xcb_flush(m_connection) > 0;
}

QImage X11Session::grabScreen(std::uint32_t window) {
    if (!m_connection) return {};
    if (window) {
        Reply<xcb_get_geometry_reply_t> geometry(xcb_get_geometry_reply(
            m_connection, xcb_get_geometry(m_connection, window), nullptr));
        if (!geometry) return {};
        // A top-level window is a child of the root here (no window manager): its position is
        // on the screen.
        return grabScreen().copy(geometry->x, geometry->y, geometry->width, geometry->height);
    }
    Reply<xcb_get_image_reply_t> reply(xcb_get_image_reply(
        m_connection,
        xcb_get_image(m_connection, XCB_IMAGE_FORMAT_Z_PIXMAP, m_root, 0, 0,
                      std::uint16_t(m_width), std::uint16_t(m_height), ~0u),
        nullptr));
    // A 24-bit screen comes as 32-bit pixels, blue first: QImage's RGB32 on little-endian.
    if (!reply || xcb_get_image_data_length(reply.get()) < m_width * m_height * 4) return {};
    return QImage(xcb_get_image_data(reply.get()), m_width, m_height, QImage::Format_RGB32).copy();
}

}  // namespace terrain::app::testing
