namespace sv::ui {}
