import { openApiDocument } from "@/app/v1/openapi-document";
import { permissionAreas, referenceTags, type TagView } from "@/lib/http/openapi/reference";

let tags: TagView[] | undefined;

/** The reference's view of the generated document, built once per process like the document itself. */
export function docsReference(): TagView[] {
  tags ??= referenceTags(openApiDocument().document);
  return tags;
}

/** The resources restricted keys are given, with the paths each covers (the reference's "Restricted keys"). */
export const docsPermissionAreas = () => permissionAreas(openApiDocument().document);
