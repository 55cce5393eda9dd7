/**
 * schema.org data for search engines and calendar helpers. `<` is escaped so text from users
 * (a title with "</script>") cannot close the tag.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}
