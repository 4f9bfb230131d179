/**
 * revision: the one invalidation mechanism of everything a declaration is compiled from (types,
 * properties, tools, resources). A node is *published* once a catalog holds it, directly or
 * through the nodes that refer to it; publishing reaches down the tree once. A change to a
 * published node bumps one process-wide revision, and every cache built from published nodes
 * (the catalog's payloads, the dispatcher's argument plans) is valid while the revision is the
 * one it was built at. Nodes nothing published refers to — a type built inside a procedure, on
 * every call — change nothing.
 */
let revision = 0;

/** Records that a published schema, tool, resource or declaration changed. */
export function touchSchema(): void {
  revision++;
}

/** The current revision; a cache built at revision R is valid while this still returns R. */
export function schemaRevision(): number {
  return revision;
}

/** A node of a declaration: its changes reach the caches once a catalog holds it. */
export abstract class Published {
  private published = false;

  /** @internal A catalog holds this node now (directly or through a node that refers to it): publishes it and what it refers to. */
  publish(): void {
    if (this.published) return;
    this.published = true;
    touchSchema();
    this.publishParts();
  }

  /** Whether a catalog holds this node. */
  protected get isPublished(): boolean {
    return this.published;
  }

  /** Publishes the nodes this one refers to (composed types, properties, parameters). */
  protected publishParts(): void {}

  /** Records a change of this node: cached payloads are stale when it is published. */
  protected changed(): void {
    if (this.published) touchSchema();
  }
}
