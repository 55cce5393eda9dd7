"use client";

import { createContext, useContext, type ReactNode } from "react";

// A card's title is a heading one level below the heading its list sits under: h3 in the
// sections of the home and of detail pages (under an h2), h2 in a list right under the page's h1.
// Lists say which through this context, so the cards need not be told one by one.

type Level = 2 | 3;

const CardHeadingLevelContext = createContext<Level>(3);

/** Cards inside take `level` for their titles. */
export function CardHeadingLevel({ level, children }: { level: Level; children: ReactNode }) {
  return <CardHeadingLevelContext.Provider value={level}>{children}</CardHeadingLevelContext.Provider>;
}

/** The title of a card, at the level its list asks for (or `level`, when given). */
export function CardHeading({ level, children }: { level?: Level; children: ReactNode }) {
  const fromList = useContext(CardHeadingLevelContext);
  const Heading = (level ?? fromList) === 2 ? "h2" : "h3";
  return <Heading style={{ margin: 0, fontSize: "inherit" }}>{children}</Heading>;
}
