/** One page of a list: how many rows, after how many (a list query's `limit` and `skip`). */
export interface Page {
  limit: number;
  skip: number;
}
