/**
 * revision: the one invalidation mechanism of everything a declaration is compiled from (types,
 * properties, tools, resources, prompts). Each collection of a catalog (its tools, its prompts …)
 * owns a {@link Revision}; a node is *published into* it once the collection holds it, directly or
 * through the nodes that refer to it, and publishing reaches down the tree once per revision. A
 * change to a published node bumps the revisions it was published into — only those — and every
 * cache built from a collection (its list pages, the dispatcher's argument plans) is valid while
 * that collection's revision is the one it was built at. Nodes nothing published refers to — a
 * type built inside a procedure, on every call — change nothing.
 */

/** A counter a cache is valid for: bumped whenever a node published into it changes. */
export class Revision {
  private count = 0;

  /** The current value; a cache built at value R is valid while this still returns R. */
  get value(): number {
    return this.count;
  }

  /** Records a change of something published into this revision. */
  bump(): void {
    this.count++;
  }
}

/**
 * A node of a declaration: its changes reach the caches of the collections that hold it. It holds
 * those collections' revisions weakly, so a type shared by declarations made and dropped over time
 * (one per tenant, say) keeps no dropped declaration alive, and its list is pruned as it grows.
 */
export abstract class Published {
  /** The revisions this node was published into (one per collection holding it, usually one). */
  private owners: WeakRef<Revision>[] = [];

  /** @internal A collection holds this node now (directly or through a node that refers to it): publishes it and what it refers to into `into`. */
  publish(into: Revision): void {
    if (this.owners.some((owner) => owner.deref() === into)) return;
    this.owners = this.owners.filter((owner) => owner.deref() !== undefined);
    this.owners.push(new WeakRef(into));
    into.bump();
    this.publishParts(into);
  }

  /** Publishes the nodes this one refers to (composed types, properties, parameters) into `into`. */
  protected publishParts(_into: Revision): void {}

  /** Publishes `part`, a node this one refers to from now on, wherever this node is published. */
  protected publishPart(part: { publish?(into: Revision): void }): void {
    for (const owner of this.owners) {
      const revision = owner.deref();
      if (revision) part.publish?.(revision);
    }
  }

  /** Records a change of this node: the caches of the collections holding it are stale. */
  protected changed(): void {
    for (const owner of this.owners) owner.deref()?.bump();
  }
}
