"""The course variant's tutorial page: a real course game stepped through without the engine."""

from __future__ import annotations

from pagekit import no_errors, shot


def test_course_page_steps_to_the_loop(page, server):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(server + "tutorial/course.html?sw=off")
    page.wait_for_function("/^0 \\/ \\d+$/.test(document.getElementById('step').textContent)")
    assert page.locator("svg.board").get_attribute("viewBox") == "-36 -36 1072 1072"  # 10 x 10
    page.click("#to-round")
    assert "round 1" in page.inner_text("#caption")
    page.click("#to-loop")
    assert "infinite loop" in page.inner_text("#caption")
    assert page.locator(".layer-tiles .placed").count() > 10
    step = page.inner_text("#step")
    page.click("#next")
    page.wait_for_function("(s) => document.getElementById('step').textContent !== s", arg=step)
    shot(page, "course-1280")
    page.set_viewport_size({"width": 360, "height": 800})
    shot(page, "course-360")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.evaluate("performance.getEntriesByName('tsuro-engine-ready').length") == 0
    no_errors(page)


def test_course_page_speaks_french(page, server):
    page.goto(server + "tutorial/course.html?sw=off&lang=fr")
    page.wait_for_function("/^0 \\/ \\d+$/.test(document.getElementById('step').textContent)")
    assert page.inner_text("#to-loop") == "La boucle"
    assert page.inner_text("main h1") == "La variante du cours"
