import { stemmer } from "stemmer";

/** Function words that carry no topic; left out so they never decide a ranking. */
const STOP = new Set(
  "a an the and or of in on at to for from by with as is are was were be been being it its this that these those which who what how why when where not no do does did has have had can may will would should into about over under than then there their they we you i"
    .split(" "),
);

/**
 * English content words of a text, Porter-stemmed (the `stemmer` package the paper library uses),
 * so "networks", "networking" and "network" meet. Chinese text yields nothing: the bigram index
 * already handles it.
 */
export function englishStems(text: string): Set<string> {
  const stems = new Set<string>();
  for (const word of text.toLowerCase().match(/[a-z][a-z0-9'-]*/g) ?? []) {
    const clean = word.replace(/['-]+$/, "");
    if (clean.length > 1 && !STOP.has(clean)) stems.add(stemmer(clean));
  }
  return stems;
}
