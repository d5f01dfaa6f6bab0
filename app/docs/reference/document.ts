import { openApiDocument } from "@/app/v1/openapi-document";
import { referenceTags, type TagView } from "@/lib/http/openapi/reference";

let tags: TagView[] | undefined;

/** The reference's view of the generated document, built once per process like the document itself. */
export function docsReference(): TagView[] {
  tags ??= referenceTags(openApiDocument().document);
  return tags;
}
