/** Whole seconds since 1970: how the database and the API carry timestamps. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
