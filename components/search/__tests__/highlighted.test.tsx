import { afterEach, describe, expect, test } from "@jest/globals";
import { cleanup, render } from "@testing-library/react";
import { Highlighted } from "../highlighted";

// What the search page shows: the parts of each title the API says matched, in <mark>.

afterEach(cleanup);

const marks = (container: HTMLElement) => [...container.querySelectorAll("mark")].map((m) => m.textContent);

describe("Highlighted", () => {
  test("marks the matched parts and keeps the whole title readable", () => {
    const { container } = render(
      <Highlighted
        text="Crónica del festival"
        ranges={[
          { start: 0, end: 7 },
          { start: 12, end: 20 },
        ]}
      />,
    );
    expect(marks(container)).toEqual(["Crónica", "festival"]);
    expect(container.textContent).toBe("Crónica del festival");
  });

  test("marks nothing without ranges, and shows markup in a title as text", () => {
    const { container } = render(<Highlighted text="<b>Jazz</b> en vivo" ranges={[]} />);
    expect(marks(container)).toEqual([]);
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toBe("<b>Jazz</b> en vivo");
  });

  test("ranges out of order, overlapping or past the end do not repeat or invent text", () => {
    const { container } = render(
      <Highlighted
        text="Teatro"
        ranges={[
          { start: 2, end: 5 },
          { start: 0, end: 4 },
          { start: 9, end: 12 },
        ]}
      />,
    );
    expect(marks(container)).toEqual(["Teat", "r"]);
    expect(container.textContent).toBe("Teatro");
  });
});
