#pragma once
// Another program's windows on the test's X display (Xvfb), driven through the X server as a
// user's keyboard would: the keyboard focus is set on the window and key presses are delivered
// to it (what `xdotool key --window` does, without needing xdotool). Also a picture of the
// whole screen, dialogs included.
#include <QImage>
#include <QString>

#include <cstdint>
#include <vector>

struct xcb_connection_t;

namespace terrain::app::testing {

class X11Session {
public:
    X11Session();  // connects to $DISPLAY
    ~X11Session();
    X11Session(const X11Session&) = delete;
    X11Session& operator=(const X11Session&) = delete;

    bool connected() const { return m_connection != nullptr; }

    struct Window {
        std::uint32_t id = 0;
        QString title;
    };
    // The mapped top-level windows of process `pid` (by _NET_WM_PID).
    std::vector<Window> windowsOf(qint64 pid);
    // The first of them whose title contains `text`; id 0 when there is none.
    Window findWindow(qint64 pid, const QString& text);

    // "ctrl+r", "ctrl+shift+s", "alt+d", "Return", "Escape": press and release, with the
    // window focused first.
    bool key(std::uint32_t window, const QString& combo);

    // The whole screen, or the part `window` covers (with whatever lies on top of it).
    QImage grabScreen(std::uint32_t window = 0);

private:
    std::uint32_t atom(const char* name);
    QString title(std::uint32_t window);
    std::uint8_t keycodeFor(std::uint32_t keysym);

    xcb_connection_t* m_connection = nullptr;
    std::uint32_t m_root = 0;
    int m_width = 0;
    int m_height = 0;
};

}  // namespace terrain::app::testing
