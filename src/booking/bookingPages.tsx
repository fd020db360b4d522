import { FileSearchOutlined } from "@ant-design/icons";
import { lazy } from "react";
import type { ConsolePage } from "../config/consolePages";
import { MENU_SECTION_CONFIG } from "../config/menuSections";

const { search, bookings, orderList } = MENU_SECTION_CONFIG;

/** The agent's booking pages (spec sections 2 and 4): search, results, checkout and the bookings afterwards. */
export const BOOKING_PAGES: readonly ConsolePage[] = [
  {
    name: "search",
    section: "search",
    route: search.route,
    labelKey: search.labelKey,
    icon: search.icon,
    component: lazy(() => import("./search/SearchPage").then((module) => ({ default: module.SearchPage }))),
  },
  {
    name: "flight-results",
    section: "search",
    route: `${search.route}/flights`,
    labelKey: "menu.pages.flightResults",
    icon: <FileSearchOutlined />,
    hideInMenu: true,
    component: lazy(() => import("./results/ResultsPage").then((module) => ({ default: module.ResultsPage }))),
  },
  {
    name: "hotel-results",
    section: "search",
    route: `${search.route}/hotels`,
    labelKey: "menu.pages.hotelResults",
    icon: <FileSearchOutlined />,
    hideInMenu: true,
    component: lazy(() => import("./hotel/HotelResultsPage").then((module) => ({ default: module.HotelResultsPage }))),
  },
  {
    name: "hotel-checkout",
    section: "search",
    route: `${search.route}/hotels/checkout`,
    labelKey: "menu.pages.hotelCheckout",
    icon: <FileSearchOutlined />,
    hideInMenu: true,
    component: lazy(() => import("./hotel/HotelCheckoutPage").then((module) => ({ default: module.HotelCheckoutPage }))),
  },
  {
    name: "hotel",
    section: "search",
    route: `${search.route}/hotels/:hotelCode`,
    labelKey: "menu.pages.hotel",
    icon: <FileSearchOutlined />,
    hideInMenu: true,
    component: lazy(() => import("./hotel/HotelPage").then((module) => ({ default: module.HotelPage }))),
  },
  {
    name: "checkout",
    section: "search",
    route: `${search.route}/checkout`,
    labelKey: "menu.pages.checkout",
    icon: <FileSearchOutlined />,
    hideInMenu: true,
    component: lazy(() => import("./checkout/CheckoutPage").then((module) => ({ default: module.CheckoutPage }))),
  },
  {
    name: "booking-confirmation",
    section: "search",
    route: `${search.route}/confirmation/:orderId`,
    labelKey: "menu.pages.bookingConfirmation",
    icon: <FileSearchOutlined />,
    hideInMenu: true,
    component: lazy(() => import("./checkout/ConfirmationPage").then((module) => ({ default: module.ConfirmationPage }))),
  },
  {
    name: "bookings",
    section: "bookings",
    route: bookings.route,
    labelKey: bookings.labelKey,
    icon: bookings.icon,
    component: lazy(() => import("./orders/OrderListPage").then((module) => ({ default: module.MyBookingsPage }))),
  },
  {
    name: "booking-details",
    section: "bookings",
    route: `${bookings.route}/:orderId`,
    labelKey: "menu.pages.bookingDetails",
    icon: bookings.icon,
    hideInMenu: true,
    component: lazy(() => import("./orders/OrderDetailsPage").then((module) => ({ default: module.OrderDetailsPage }))),
  },
  {
    name: "orderList",
    section: "orderList",
    route: orderList.route,
    labelKey: orderList.labelKey,
    icon: orderList.icon,
    component: lazy(() => import("./orders/OrderListPage").then((module) => ({ default: module.OrderListPage }))),
  },
];
