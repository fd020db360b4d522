import { productRegistry, type ProductRegistry } from "../orders/productModule";
import { activityProduct } from "./activity/activityProduct";
import { flightProduct } from "./flight/flightProduct";
import { hotelProduct } from "./hotel/hotelProduct";
import { insuranceProduct } from "./insurance/insuranceProduct";
import { packageProduct } from "./package/packageProduct";
import { transferProduct } from "./transfer/transferProduct";
import { visaProduct } from "./visa/visaProduct";

/** Every product the platform sells, registered with the order core: a new product is one line here (docs/products.md). */
export const PRODUCTS: ProductRegistry = productRegistry([flightProduct, hotelProduct, activityProduct, insuranceProduct, packageProduct, visaProduct, transferProduct]);
