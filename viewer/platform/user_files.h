// Files between the viewer and the person using it, where the desktop and the browser differ
// (beside the frame loop and the window system). On the desktop a file the viewer writes is on a
// disk the user sees and a file to load is named by its path; the page's file system is the
// browser's memory, which the user can neither see nor name a file in: what the viewer writes
// there must leave as a download, and what the user gives comes in through the page.
#pragma once

#include <string>
#include <vector>

#include "anim/core/expected.h"

namespace sv::viewer {

// After the viewer wrote a file the user asked for (the Save button's settings, S's screenshot).
// Desktop: nothing; the file is where the message names it. Browser: offered as a download named
// as the file (its copy in memory stays, so the Load button still reads it back). An error when
// the browser could not be handed the file (it is not there, or the page has no document).
Status hand_to_user(const std::string& path);

// The settings files given since the last call, each to load as the Load button loads the field's
// path. Desktop: none; the Load button reads the path typed. Browser: those the page's "Load
// settings" picker wrote into the memory file system (skinview_settings_given, user_files_web.cpp).
std::vector<std::string> take_settings_given();

}  // namespace sv::viewer
