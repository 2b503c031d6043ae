// The devices an agent sells and their orders.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';

/** The agent's devices for sale (016). `stock`: units not held by an order. */
export interface ShopProductsTable {
  id: Generated<number>;
  agent_id: number;
  name: string;
  summary: Generated<string>;
  image: string;
  bands: Generated<string>;
  /** JSON array of carrier names */
  carriers: Generated<string>;
  /** JSON array of package_series ids the device works with; [] = any */
  series_ids: Generated<string>;
  price_fen: number;
  stock: Generated<number>;
  on_sale: Generated<number>;
  sort: Generated<number>;
  created_at: string;
}

/** A device order's goods, address and shipping (016); the money is its `orders` row. */
export interface ShopOrdersTable {
  id: Generated<number>;
  order_no: string;
  product_id: number;
  quantity: number;
  unit_price_fen: number;
  receiver: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  address: string;
  /** awaiting | shipped | received */
  ship_state: Generated<string>;
  carrier: Generated<string>;
  tracking_no: Generated<string>;
  shipped_at: string | null;
  received_at: string | null;
  stock_released_at: string | null;
  created_at: string;
}
