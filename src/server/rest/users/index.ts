import type { ApiRoute } from "@/server/http/api-route";
import { createUserRoute } from "./create-user";
import { createUsersBatchRoute } from "./create-users-batch";
import { deleteUserRoute } from "./delete-user";
import { getUserRoute } from "./get-user";
import { listUsersRoute } from "./list-users";
import { sendSignInEmailRoute } from "./send-sign-in-email";
import { updateUserRoute } from "./update-user";
import { updateUserByIdRoute } from "./update-user-by-id";

/** The /v1/users routes; /v1/users/batch before /v1/users/:id. */
export const userRoutes: ApiRoute[] = [createUserRoute, listUsersRoute, updateUserRoute, createUsersBatchRoute, getUserRoute, updateUserByIdRoute, deleteUserRoute, sendSignInEmailRoute];
