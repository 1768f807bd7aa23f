"""Boundary rules: touching is not overlapping, range bands, close calls."""

from __future__ import annotations

from shapely import box

from rules.engine.geometry import Pose, contact, overlaps, range_band


def test_touching_edges_do_not_overlap() -> None:
    a, b = box(0, 0, 40, 40), box(40, 0, 80, 40)
    assert not overlaps(a, b)
    c = contact(a, b)
    assert c.touching and c.at_range_0 and not c.overlapping and c.close_call


def test_touching_corners_do_not_overlap() -> None:
    assert not overlaps(box(0, 0, 40, 40), box(40, 40, 80, 80))


def test_a_sliver_overlaps() -> None:
    a, b = box(0, 0, 40, 40), box(39.99, 0, 80, 40)
    assert overlaps(a, b)
    assert contact(a, b).close_call


def test_deep_overlap_is_not_a_close_call() -> None:
    c = contact(box(0, 0, 40, 40), box(30, 0, 80, 40))
    assert c.overlapping and not c.close_call


def test_clear_by_more_than_half_a_millimetre() -> None:
    c = contact(box(0, 0, 40, 40), box(40.6, 0, 80, 40))
    assert not c.overlapping and not c.touching and not c.close_call and abs(c.distance - 0.6) < 1e-9


def test_range_bands_belong_to_the_lower_band() -> None:
    assert range_band(0) == 0
    assert range_band(0.0005) == 0
    assert range_band(0.01) == 1
    assert range_band(100) == 1
    assert range_band(100.01) == 2
    assert range_band(200) == 2
    assert range_band(300) == 3
    assert range_band(300.01) is None


def test_pose_frames_are_clockwise_from_plus_y() -> None:
    p = Pose(100, 100, 90)
    fx, fy = p.forward
    assert abs(fx - 1) < 1e-12 and abs(fy) < 1e-12
    x, y = p.to_world(0, 10)
    assert abs(x - 110) < 1e-9 and abs(y - 100) < 1e-9
    x, y = p.to_world(10, 0)  # the ship's right when facing +x is -y
    assert abs(x - 100) < 1e-9 and abs(y - 90) < 1e-9
    lx, ly = p.to_local(110, 100)
    assert abs(lx) < 1e-9 and abs(ly - 10) < 1e-9


def test_the_picture_has_player_edges_a_legend_and_facing_arrows_on_final_positions() -> None:
    from rules.engine import evaluate, parse_scenario, render_svg

    s = parse_scenario(
        {
            "format": 1,
            "game": "xwing",
            "edition": "2.5",
            "pieces": [{"id": "a", "kind": "ship", "size": "small", "x": 300, "y": 200, "heading": 0, "player": 1}],
            "action": {"type": "maneuver", "ship": "a", "bearing": "straight", "speed": 2},
        }
    )
    svg = render_svg(s, evaluate(s))
    assert "Player 1&apos;s edge" in svg or "Player 1's edge" in svg
    assert 'class="legend"' in svg and "final position" in svg and "template / tool" in svg
    final = svg[svg.index('id="t-final"') :]
    assert (
        "<polygon" in final[: final.index("</g>")] and final[: final.index("</g>")].count("<polygon") == 2
    )  # base + arrow
