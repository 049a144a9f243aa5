import { Link } from "@tanstack/react-router";
import { m } from "../paraglide/messages.js";
import { ArrowRightIcon } from "./icons.tsx";

/** The main way into the shop from a page about something else (home's hero, the founder's story). */
export function ExploreProductsLink() {
  return (
    <Link to="/products" className="btn btn-primary px-6">
      {m.explore_products()}
      <ArrowRightIcon className="size-4" />
    </Link>
  );
}
