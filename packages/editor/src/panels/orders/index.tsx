import type { PanelProps } from '../registry.js';
import { OrderDetail } from './OrderDetail.js';
import { OrderList } from './OrderList.js';
import './orders.css';

export const ORDERS_PATH = '/config/commerce/orders';

/** Orders: the list (`/config/commerce/orders`) and one order (`/config/commerce/orders/<id>`). */
export default function OrdersPanel({ path, navigate }: PanelProps) {
  const rest = path.slice(ORDERS_PATH.length).replace(/^\/+|\/+$/g, '');
  if (rest) {
    return <OrderDetail key={rest} orderId={decodeURIComponent(rest)} onBack={() => navigate(ORDERS_PATH)} />;
  }
  return <OrderList onOpen={(id) => navigate(`${ORDERS_PATH}/${encodeURIComponent(id)}`)} />;
}
