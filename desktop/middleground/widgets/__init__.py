"""The Qt pieces every game's board and panel are built on, below them and the shell: the
board and panel contract (plugin), the colours (theme), the seats' marks, the action forms,
and the plain board and panel a game without its own gets."""
