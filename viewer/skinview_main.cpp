// skinview viewer: placeholder until the viewer lands
int main() { return 0; }
